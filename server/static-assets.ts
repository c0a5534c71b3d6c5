import { existsSync } from 'node:fs'
import path from 'node:path'
import express, { type NextFunction, type Request, type Response } from 'express'
import { encodingFor } from '#server/page-cache/cacheable.ts'

const TYPES: Record<string, string> = {
	'.js': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.json': 'application/json',
}

// The build's hashed files, for a year, as the .br or .gz the build wrote beside each
// (server/scripts/precompress.ts) when the browser takes it; anything else as it is.
export function staticAssets(assetsDir: string) {
	const plain = express.static(assetsDir, { immutable: true, maxAge: '1y', index: false, fallthrough: false })
	const precompressed = new Map<string, Set<string>>()
	const has = (file: string, encoding: string) => {
		let encodings = precompressed.get(file)
		if (!encodings) {
			encodings = new Set(['br', 'gzip'].filter((name) => existsSync(`${file}.${name === 'br' ? 'br' : 'gz'}`)))
			if (precompressed.size < 10_000) precompressed.set(file, encodings)
		}
		return encodings.has(encoding)
	}
	return (req: Request, res: Response, next: NextFunction) => {
		const type = TYPES[path.extname(req.path)]
		const encoding = encodingFor(req.get('accept-encoding'))
		const file = path.join(assetsDir, path.normalize(req.path))
		// Within the folder itself, not a sibling whose name begins the same (assets-old/…).
		const isInside = file.startsWith(assetsDir + path.sep)
		if (!type || encoding === 'identity' || !isInside || !has(file, encoding)) return plain(req, res, next)
		res.set({
			'Content-Type': type,
			'Content-Encoding': encoding,
			Vary: 'Accept-Encoding',
			'Cache-Control': 'public, max-age=31536000, immutable',
		})
		res.sendFile(
			`${file}.${encoding === 'br' ? 'br' : 'gz'}`,
			{ headers: { 'Content-Type': type } },
			(error) => error && next(error),
		)
	}
}
