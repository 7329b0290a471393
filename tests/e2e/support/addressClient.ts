import http from "node:http";

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * Requests to the test server from a chosen loopback address (127.0.0.2, 127.0.0.3...: Linux
 * routes the whole 127/8 to this machine), so a test can be several clients with real, different
 * socket addresses, which is what the server keys its limits on. Keeps its own cookies.
 */
export class AddressClient {
  private readonly cookies = new Map<string, string>();
  private readonly base: URL;

  constructor(
    baseURL: string,
    private readonly localAddress: string,
  ) {
    this.base = new URL(baseURL);
  }

  request(method: string, path: string, options: { form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const body = options.form ? new URLSearchParams(options.form).toString() : options.json !== undefined ? JSON.stringify(options.json) : undefined;
    const type = options.form ? "application/x-www-form-urlencoded" : "application/json";
    const headers: Record<string, string> = {
      host: this.base.host,
      origin: this.base.origin,
      ...(body ? { "content-type": type, "content-length": String(Buffer.byteLength(body)) } : {}),
      ...(this.cookies.size ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ") } : {}),
      ...options.headers,
    };
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port: Number(this.base.port || 80), localAddress: this.localAddress, method, path, headers },
        (res) => {
          for (const line of res.headers["set-cookie"] ?? []) {
            const [pair] = line.split(";");
            const at = pair!.indexOf("=");
            this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
          }
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        },
      );
      req.on("error", reject);
      if (body) req.write(body);
      req.end();
    });
  }

  async signIn(email: string, password: string, headers: Record<string, string> = {}): Promise<Answer> {
    const csrf = await this.request("GET", "/api/auth/csrf");
    const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
    return this.request("POST", "/api/auth/callback/credentials", { form: { csrfToken, email, password, json: "true" }, headers });
  }
}
