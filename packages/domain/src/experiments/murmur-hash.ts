/** The UTF-8 bytes of a string (the domain runs without Node's or the browser's encoders). */
function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const character of text) {
    const point = character.codePointAt(0)!;
    if (point < 0x80) bytes.push(point);
    else if (point < 0x800) bytes.push(0xc0 | (point >> 6), 0x80 | (point & 0x3f));
    else if (point < 0x10000) {
      bytes.push(0xe0 | (point >> 12), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f));
    } else {
      bytes.push(
        0xf0 | (point >> 18),
        0x80 | ((point >> 12) & 0x3f),
        0x80 | ((point >> 6) & 0x3f),
        0x80 | (point & 0x3f),
      );
    }
  }
  return bytes;
}

/**
 * MurmurHash3 (x86, 32-bit) of a string's UTF-8 bytes. Assignment needs a hash that spreads
 * similar ids (user:1, user:2, …) evenly over buckets and gives the same answer in every
 * runtime (server, browser, a warehouse replaying assignments); this one is small, fast and
 * has published test vectors.
 */
export function murmurHash3(text: string, seed = 0): number {
  const bytes = utf8Bytes(text);
  const length = bytes.length;
  const blocks = length - (length % 4);
  let hash = seed >>> 0;
  for (let index = 0; index < blocks; index += 4) {
    let k = bytes[index]! | (bytes[index + 1]! << 8) | (bytes[index + 2]! << 16) | (bytes[index + 3]! << 24);
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    hash ^= k;
    hash = (hash << 13) | (hash >>> 19);
    hash = (Math.imul(hash, 5) + 0xe6546b64) | 0;
  }
  const rest = length - blocks;
  if (rest > 0) {
    let tail = bytes[blocks]!;
    if (rest > 1) tail ^= bytes[blocks + 1]! << 8;
    if (rest > 2) tail ^= bytes[blocks + 2]! << 16;
    tail = Math.imul(tail, 0xcc9e2d51);
    tail = (tail << 15) | (tail >>> 17);
    tail = Math.imul(tail, 0x1b873593);
    hash ^= tail;
  }
  hash ^= length;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
