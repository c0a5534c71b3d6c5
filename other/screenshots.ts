// npm run screenshots: the pages a customer and staff see first, at a phone's and a laptop's
// width, into docs/screenshots/ (built server, demo content, Debian's Chromium).
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium, type Page } from 'playwright-core'
import { ADMIN, ADMIN_ENV } from '#tests/setup/admin.ts'
import { startServer } from '#tests/setup/server.ts'
import { answerHelp } from '#server/cli-help.ts'

answerHelp('npm run screenshots')

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url))
const WIDTHS = [390, 1366]
// A short Danish letter, as a customer would upload it.
const LETTER = Buffer.from(
	'Kære modtager\n\nHermed fremsendes kontrakten til oversættelse. Den skal bruges ved et møde i Hamborg.\n\nMed venlig hilsen\nJens Hansen\n'.repeat(
		20,
	),
)

type Shot = { name: string; path: string; prepare?: (page: Page) => Promise<void> }

const SHOTS: Shot[] = [
	{ name: 'home', path: '/' },
	{ name: 'priser', path: '/priser' },
	{ name: 'bestil', path: '/bestil', prepare: uploadSample },
	{ name: 'kontakt', path: '/kontakt' },
	{ name: 'service', path: '/p/certificeret-oversaettelse' },
	{ name: 'certificeret', path: '/bestil', prepare: certified },
	{ name: 'admin', path: '/admin', prepare: logIn },
	{ name: 'kunder', path: '/admin/customers', prepare: logIn },
]

// A certified translation chosen, with two pages of scans and the signed PDF.
async function certified(page: Page) {
	await uploadSample(page)
	await page.getByRole('checkbox', { name: 'Certificeret, prissat pr. side' }).check()
	await page.getByLabel('Sider i scanninger og billeder').fill('2')
	await page.getByRole('checkbox', { name: /digitalt signeret PDF/ }).check()
}

async function uploadSample(page: Page) {
	await page
		.getByLabel('Vælg dokumenter')
		.setInputFiles({ name: 'kontrakt.txt', mimeType: 'text/plain', buffer: LETTER })
	await page
		.getByText(/^[\d.]+ ord$/)
		.first()
		.waitFor({ timeout: 30_000 })
	await page.getByLabel('Fra', { exact: true }).selectOption('da')
	await page.getByLabel('Til', { exact: true }).selectOption('en')
}

async function logIn(page: Page) {
	if (!page.url().includes('/admin/login')) return
	await page.getByLabel('E-mail').fill(ADMIN.email)
	await page.getByLabel('Adgangskode').fill(ADMIN.password)
	await Promise.all([
		page.waitForURL((url) => !url.pathname.startsWith('/admin/login')),
		page.getByRole('button', { name: 'Log ind' }).click(),
	])
}

async function main() {
	mkdirSync(OUT, { recursive: true })
	const server = await startServer(ADMIN_ENV)
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: ['--no-sandbox', '--disable-gpu'],
	})
	try {
		for (const width of WIDTHS) {
			const context = await browser.newContext({
				baseURL: server.url,
				viewport: { width, height: 900 },
				locale: 'da-DK',
				reducedMotion: 'reduce',
			})
			for (const shot of SHOTS) {
				const page = await context.newPage()
				await page.goto(shot.path)
				await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
				await shot.prepare?.(page)
				await page.waitForLoadState('networkidle')
				const file = `${OUT}${shot.name}-${width}.png`
				await page.screenshot({ path: file, fullPage: true })
				console.log(file)
				await page.close()
			}
			await context.close()
		}
	} finally {
		await browser.close()
		await server.stop()
	}
}

await main()
