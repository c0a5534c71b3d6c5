import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { PageHeading, PageMeta } from '#app/components/public/page.tsx'
import { streamAttributes, useReloadOnStream } from '#app/components/ui/live-stream.tsx'
import type { LiveStream } from '#app/utils/cable.ts'
import { pathFor, type PageName } from '#app/utils/locales.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden } from '#app/components/ui/input.tsx'
import { Pager } from '#app/components/ui/pager.tsx'

const TABS = ['account', 'accountQuotes', 'accountInvoices', 'accountDetails'] as const satisfies PageName[]
export type AccountTab = (typeof TABS)[number]

// Loads the page again on any message of the stream (a status, a file, a colleague removed).
function ReloadOn({ stream }: { stream: LiveStream }) {
	useReloadOnStream(stream)
	return null
}

// Every account page: who is signed in, the four parts of the account, and signing out. The page
// reloads when who may see what changes (the account's own stream) or a listed order changes.
export function AccountFrame({
	tab,
	account,
	streams,
	children,
}: {
	tab: AccountTab
	account: { email: string; company: string | null }
	streams: LiveStream[]
	children: ReactNode
}) {
	const { locale, t } = useI18n()
	return (
		<div data-controller="account" {...(streams[0] ? streamAttributes(streams[0]) : {})}>
			{streams.map((stream) => (
				<ReloadOn key={stream.signedStreamName} stream={stream} />
			))}
			<PageMeta title={t(`account.tab.${tab}`)} />
			<PageHeading
				title={<Text k={`account.tab.${tab}`} />}
				lead={
					account.company ? (
						<Text k="account.signedInCompany" vars={{ email: account.email, company: account.company }} />
					) : (
						<Text k="account.signedIn" vars={{ email: account.email }} />
					)
				}
			/>
			<div className="mb-6 flex flex-wrap items-center justify-between gap-4 border-b border-slate-200">
				<nav aria-label={t('account.nav')}>
					<ul className="flex flex-wrap gap-1">
						{TABS.map((name) => (
							<li key={name}>
								<Link
									to={pathFor(name, locale)}
									aria-current={name === tab ? 'page' : undefined}
									className="inline-block rounded-t-md px-4 py-2 font-medium text-teal-900 hover:bg-slate-100 aria-[current=page]:border-b-2 aria-[current=page]:border-teal-700"
								>
									{t(`account.tab.${name}`)}
								</Link>
							</li>
						))}
					</ul>
				</nav>
				<Form method="post" action="/account/sign-out" reloadDocument>
					<AuthenticityTokenInput />
					<Hidden name="locale" value={locale} />
					<Button
						variant="bare"
						type="submit"
						className="rounded-md px-3 py-2 text-slate-700 underline hover:bg-slate-100"
					>
						{t('account.signOut')}
					</Button>
				</Form>
			</div>
			{children}
		</div>
	)
}

// "Page 2 of 20", with links to the pages either side: the site's pager with the account's words.
export function AccountPager({
	page,
	total,
	size,
	path,
	query = '',
}: {
	page: number
	total: number
	size: number
	path: string
	// The list's filter, kept from page to page.
	query?: string
}) {
	const { t } = useI18n()
	const pages = Math.max(1, Math.ceil(total / size))
	if (pages <= 1) return null
	const to = (n: number) => `${path}?${query ? `${query}&` : ''}page=${n}`
	return (
		<Pager
			label={t('account.pages')}
			summary={<Text as="span" k="account.pageOf" vars={{ page: String(page), pages: String(pages) }} />}
			previous={page > 1 ? { to: to(page - 1), label: t('account.previous') } : undefined}
			next={page < pages ? { to: to(page + 1), label: t('account.next') } : undefined}
		/>
	)
}
