/**
 * The formulas of the methods page, in TeX, by measure. They are notation, not prose, so they stay
 * out of the message files; the words around them are in messages/*.json under "methods".
 * Each is exactly what src/domain/complexity computes (see the comments there).
 */
import katex from "katex";

export const MEASURE_IDS = [
  "rca",
  "binary",
  "diversity",
  "eci",
  "pci",
  "reflections",
  "proximity",
  "relatedness",
  "distance",
  "coi",
  "opportunityGain",
  "fitness",
] as const;
export type MeasureId = (typeof MEASURE_IDS)[number];

export const FORMULAS: Record<MeasureId, readonly string[]> = {
  rca: [String.raw`\mathrm{RCA}_{cp} = \dfrac{x_{cp} \,\big/\, \sum_{p'} x_{cp'}}{\sum_{c'} x_{c'p} \,\big/\, \sum_{c'p'} x_{c'p'}}`],
  binary: [String.raw`M_{cp} = \big[\, \mathrm{RCA}_{cp} \ge 1 \,\big] \in \{0, 1\}`],
  diversity: [String.raw`k_{c} = \sum_{p} M_{cp}`, String.raw`k_{p} = \sum_{c} M_{cp}`],
  eci: [
    String.raw`\tilde{M}_{cc'} = \sum_{p} \frac{M_{cp}\, M_{c'p}}{k_{c}\, k_{p}}`,
    String.raw`\tilde{M}\, \vec{K} = \lambda_2\, \vec{K}`,
    String.raw`\mathrm{ECI}_c = \frac{K_c - \langle K \rangle}{\operatorname{sd}(K)}, \quad \operatorname{corr}(\mathrm{ECI}, k_c) > 0`,
  ],
  pci: [
    String.raw`\hat{M}_{pp'} = \sum_{c} \frac{M_{cp}\, M_{cp'}}{k_{p}\, k_{c}}`,
    String.raw`\hat{M}\, \vec{Q} = \lambda_2\, \vec{Q}`,
    String.raw`\mathrm{PCI}_p = \frac{Q_p - \langle Q \rangle}{\operatorname{sd}(Q)}`,
  ],
  reflections: [String.raw`k_{c,N} = \frac{1}{k_{c}} \sum_{p} M_{cp}\, k_{p,N-1}`, String.raw`k_{p,N} = \frac{1}{k_{p}} \sum_{c} M_{cp}\, k_{c,N-1}`],
  proximity: [
    String.raw`\phi_{pp'} = \frac{\sum_{c} M_{cp}\, M_{cp'}}{\max(k_{p},\, k_{p'})}`,
    String.raw`\phi_{pp'} = \min\!\big\{ P(M_{cp'} = 1 \mid M_{cp} = 1),\, P(M_{cp} = 1 \mid M_{cp'} = 1) \big\}`,
  ],
  relatedness: [String.raw`\omega_{cp} = \frac{\sum_{p' \ne p} M_{cp'}\, \phi_{p'p}}{\sum_{p' \ne p} \phi_{p'p}}`],
  distance: [String.raw`d_{cp} = 1 - \omega_{cp}`],
  coi: [String.raw`\mathrm{COI}_c = \sum_{p} \big(1 - d_{cp}\big) \big(1 - M_{cp}\big)\, \mathrm{PCI}_p`],
  opportunityGain: [
    String.raw`\begin{aligned} \mathrm{OG}_{cp} = {} & \sum_{p' \ne p} \frac{\phi_{p'p}}{\sum_{p'' \ne p} \phi_{p''p}} \big(1 - M_{cp'}\big)\, \mathrm{PCI}_{p'} \\ & - \omega_{cp}\, \mathrm{PCI}_p \end{aligned}`,
  ],
  fitness: [
    String.raw`\tilde{F}^{(n)}_c = \sum_{p} M_{cp}\, Q^{(n-1)}_p`,
    String.raw`\tilde{Q}^{(n)}_p = \frac{1}{\sum_{c} M_{cp} \,/\, F^{(n-1)}_c}`,
    String.raw`F^{(n)}_c = \frac{\tilde{F}^{(n)}_c}{\langle \tilde{F}^{(n)} \rangle}, \quad Q^{(n)}_p = \frac{\tilde{Q}^{(n)}_p}{\langle \tilde{Q}^{(n)} \rangle}, \quad F^{(0)} = Q^{(0)} = 1`,
  ],
};

/** Server-side KaTeX: HTML for the eye plus MathML for screen readers; a TeX error fails loudly (the unit test renders all). */
export function renderFormula(tex: string): string {
  return katex.renderToString(tex, { displayMode: true, output: "htmlAndMathml", throwOnError: true, strict: "error" });
}
