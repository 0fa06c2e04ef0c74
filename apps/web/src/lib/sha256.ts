import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/** SHA-256 hex of a UTF-8 string; works outside secure contexts too, unlike crypto.subtle. */
export const sha256Hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));
