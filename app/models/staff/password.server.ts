import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// OWASP's scrypt floor (N=2^17, r=8, p=1): about 128 MiB and a tenth of a second per hash.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const
const KEY_BYTES = 32
const MAX_MEMORY = 256 * 1024 * 1024

export const MIN_PASSWORD_LENGTH = 12

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
	return new Promise((resolve, reject) =>
		scryptCallback(password.normalize('NFKC'), salt, KEY_BYTES, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
			error ? reject(error) : resolve(key),
		),
	)
}

// Stored as scrypt$N$r$p$salt$key so the parameters can be raised without breaking old hashes.
export async function hashPassword(password: string): Promise<string> {
	const salt = randomBytes(16)
	const key = await scrypt(password, salt, PARAMS)
	return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
	const [scheme, n, r, p, salt, key] = stored.split('$')
	if (scheme !== 'scrypt' || !salt || !key) return false
	const expected = Buffer.from(key, 'base64url')
	const actual = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) })
	return actual.length === expected.length && timingSafeEqual(actual, expected)
}

// Checked when the email is unknown, so a wrong email costs as much time as a wrong password.
let decoyHash: Promise<string> | undefined
export function decoyPasswordHash(): Promise<string> {
	decoyHash ??= hashPassword(randomBytes(16).toString('hex'))
	return decoyHash
}
