// Run after `react-router build`: every script and stylesheet under build/client/assets gets a
// .gz (level 9) and a .br (quality 11) beside it, so they are compressed once, at their best,
// instead of on every request (server/static-assets.ts serves them).
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run build')

const ASSETS = fileURLToPath(new URL('../../build/client/assets/', import.meta.url))
const COMPRESSIBLE = /\.(js|css|svg|json)$/

const files = (await readdir(ASSETS)).filter((name) => COMPRESSIBLE.test(name))
await Promise.all(
	files.map(async (name) => {
		const content = await readFile(path.join(ASSETS, name))
		const [gz, br] = await Promise.all([
			promisify(gzip)(content, { level: 9 }),
			promisify(brotliCompress)(content, {
				params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
			}),
		])
		await Promise.all([writeFile(path.join(ASSETS, `${name}.gz`), gz), writeFile(path.join(ASSETS, `${name}.br`), br)])
	}),
)
console.log(`precompressed ${files.length} assets`)
