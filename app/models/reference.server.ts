import { randomBytes, randomInt } from 'node:crypto'

// Eight characters of Crockford's base32 (no I, L, O or U), easy to read out on the phone: a
// request's or an order's reference.
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export function newReference(): string {
	const characters = Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)])
	return `${characters.slice(0, 4).join('')}-${characters.slice(4).join('')}`
}

// A new order's reference, and the 32-character key of its page, which only its customer holds.
export const newOrderKeys = () => ({ reference: newReference(), token: randomBytes(24).toString('base64url') })
