/**
 * The part of negotiator 1.x the server uses (http/encoding.ts). @types/negotiator (0.6.x) lacks the
 * `preferred` option that breaks ties between encodings the client weighs the same.
 */
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { readonly headers: Readonly<Record<string, string | undefined>> });
    encoding(available: readonly string[], options?: { readonly preferred?: readonly string[] }): string | undefined;
  }
  export = Negotiator;
}
