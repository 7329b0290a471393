/**
 * The simulator's equations in TeX (notation, not prose: the words are in messages under
 * "tariff.method"), exactly what src/domain/tariff/model.ts computes, and the literature cited.
 */
export const TARIFF_FORMULAS = {
  creation: [
    String.raw`\hat{p}_k = \frac{\Delta t_k}{(1 + t_k)\,\big(1 - \varepsilon_m / \varepsilon_x\big)}, \qquad \hat{p}^{*}_k = \frac{\Delta t_k}{1 + t_k}\left(\frac{1}{1 - \varepsilon_m / \varepsilon_x} - 1\right)`,
    String.raw`\mathrm{TC}_k = M_k\, \varepsilon_m\, \frac{\Delta t_k}{(1 + t_k)\,\big(1 - \varepsilon_m / \varepsilon_x\big)} = M_k\, \varepsilon_m\, \hat{p}_k`,
  ],
  diversion: [
    String.raw`s_k = \frac{M_k}{\sum_j M_j}, \qquad s'_k = \frac{s_k\,(1 + \hat{p}_k)^{-\sigma}}{\sum_j s_j\,(1 + \hat{p}_j)^{-\sigma}}`,
    String.raw`\mathrm{TD}_k = \Big(\sum_j M_j\Big)\big(s'_k - s_k\big), \qquad \sum_k \mathrm{TD}_k = 0, \qquad \mathrm{TD}_k \approx M_k\, \sigma \Big(\sum_j s_j \hat{p}_j - \hat{p}_k\Big)`,
  ],
  revenue: [
    String.raw`M'_k = \max\big(0,\; M_k + \mathrm{TC}_k + \mathrm{TD}_k\big)`,
    String.raw`R_0 = \sum_k t_k\, M_k, \qquad R_1 = \sum_k t'_k\,\big(1 + \hat{p}^{*}_k\big)\, M'_k`,
    String.raw`\Delta \mathrm{CS} = -\sum_k (1 + t_k)\,\hat{p}_k \Big(M_k + \tfrac{1}{2}\,\mathrm{TC}_k\Big)`,
  ],
} as const;

/** Symbols, written once for the legend under the equations. */
export const TARIFF_NOTATION = String.raw`M_k:\ \text{imports from } k;\quad t_k, t'_k:\ \text{current, new tariff};\quad \varepsilon_m \le 0,\ \sigma \ge 0,\ \varepsilon_x > 0\ (\varepsilon_x \ge 99:\ \varepsilon_x = \infty)`;

export const TARIFF_REFERENCES: readonly { text: string; url?: string }[] = [
  { text: "Laird, S. and A. Yeats (1986). The UNCTAD Trade Policy Simulation Model: a note on the methodology, data and uses. UNCTAD Discussion Paper 19." },
  { text: "Jammes, O. and M. Olarreaga (2005). Explaining SMART and GSIM. World Bank." },
  { text: "Kee, H. L., A. Nicita and M. Olarreaga (2008). Import demand elasticities and trade distortions. Review of Economics and Statistics 90(4): 666-682.", url: "https://doi.org/10.1162/rest.90.4.666" },
  { text: "Armington, P. S. (1969). A theory of demand for products distinguished by place of production. IMF Staff Papers 16(1): 159-178." },
  { text: "World Bank. WITS online help: SMART theoretical framework.", url: "https://wits.worldbank.org/wits/wits/witshelp/Content/SMART/SMART%20Theoretical%20Framework1.htm" },
];
