import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

// The mails the site wrote to DATA_DIR/mail (no SMTP_HOST), newest last, as text: headers as
// written, the body with quoted-printable undone.
export async function mailsIn(dataDir: string): Promise<{ to: string; subject: string; text: string }[]> {
	const folder = path.join(dataDir, 'mail')
	const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort()
	return Promise.all(
		names.map(async (name) => {
			const raw = await readFile(path.join(folder, name), 'utf8')
			const [folded = '', ...body] = raw.split(/\r?\n\r?\n/)
			const head = folded.replace(/\r?\n[ \t]+/g, ' ')
			const header = (field: string) => head.match(new RegExp(`^${field}: (.*)$`, 'mi'))?.[1]?.trim() ?? ''
			const text = body
				.join('\n\n')
				.replace(/=\r?\n/g, '')
				.replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'))
			return { to: header('To'), subject: decodeWords(header('Subject')), text }
		}),
	)
}

// A header's encoded words (RFC 2047), as nodemailer writes a subject with letters beyond ASCII.
function decodeWords(value: string): string {
	return value
		.replace(/\?=\s+=\?/g, '?==?')
		.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
			encoding.toUpperCase() === 'B'
				? Buffer.from(text, 'base64').toString('utf8')
				: Buffer.from(
						text
							.replace(/_/g, ' ')
							.replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
						'latin1',
					).toString('utf8'),
		)
}

// Waits for the newest mail to an address (the site sends without holding up the page).
export async function waitForMailTo(dataDir: string, to: string, after = 0, timeoutMs = 10_000) {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		const found = (await mailsIn(dataDir)).filter((mail) => mail.to.includes(to))
		if (found.length > after) return found.at(-1)!
		if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${timeoutMs} ms`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}
