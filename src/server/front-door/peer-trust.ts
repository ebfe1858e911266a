/**
 * Whether the peer of a connection is a proxy we trust (TRUST_PROXY), decided in one place:
 * the request envelope reads it for X-Request-Id, X-Forwarded-Host and X-Forwarded-Proto
 * (front-door/envelope.ts), and the connection guard for the per-client bound.
 */
import proxyAddr from 'proxy-addr';
import type { TrustProxy } from '../config/config';

/** Express's form of a trust setting: is the address at this hop (0: the peer) trusted? */
export type TrustFunction = (address: string | undefined, hop: number) => boolean;

/** The setting as Express compiles `trust proxy`, with proxy-addr (the library Express uses). */
export function trustFunctionOf(setting: TrustProxy): TrustFunction {
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  const trusted = proxyAddr.compile(setting === false ? [] : setting);
  return (address, hop) => address !== undefined && trusted(address, hop);
}

/** True when the connection's peer is a trusted proxy. */
export function peerIsTrusted(trust: TrustFunction, socket: { readonly remoteAddress?: string | undefined }): boolean {
  return trust(socket.remoteAddress, 0);
}
