/**
 * Bytes a cache keeps, in memory of their own. Node hands out a Buffer under half its pool size
 * (`Buffer.poolSize`, 64 KiB on Node 24) as a slice of a shared slab, as `Buffer.concat` and
 * zlib's one-call compressors do: a kept slice keeps the whole slab alive, so an 18 KB page
 * held 64 KB and a cache's byte bound counted a third of what it held.
 */
export function ownedBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const owned = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(owned);
  return owned;
}
