import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/link'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { PageHeading, PageMeta } from '#app/components/public/page.tsx'
import { Button, buttonClass } from '#app/components/ui/button.tsx'
import { spendLink } from '#app/models/customer/account.server.ts'
import { peekLink } from '#app/models/customer/links.server.ts'
import { endCustomerSession } from '#app/models/customer/session.server.ts'
import { customerCookieHeader, customerTokenOf } from '#app/http/customer.server.ts'
import { getDb, getServices } from '#app/http/context.server.ts'
import { localeFromPath, pathFor } from '#app/utils/locales.ts'

// The link from the mail opens this page; the button spends it. A mail program that opens links
// to look at them spends nothing.
export async function loader({ params, request, context }: Route.LoaderArgs) {
	const locale = localeFromPath(new URL(request.url).pathname)
	const peeked = await peekLink(getDb(context), params.token)
	return {
		state: peeked.state,
		purpose: 'link' in peeked ? peeked.link.purpose : null,
		email: 'link' in peeked ? peeked.link.email : null,
		signInPath: pathFor('accountSignIn', locale),
		alternates: {
			da: pathFor('accountLink', 'da', { token: params.token }),
			en: pathFor('accountLink', 'en', { token: params.token }),
		},
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	const locale = localeFromPath(new URL(request.url).pathname)
	const services = getServices(context)
	const used = await spendLink(services, params.token)
	if (!used.ok) return data({ reason: used.reason, email: used.email }, { status: 410 })
	// Whatever session this browser had is ended: the new one is the only one.
	const previous = customerTokenOf(request)
	if (previous) await endCustomerSession(services, previous)
	const to = used.purpose === 'change-email' ? pathFor('accountDetails', locale) : pathFor('account', locale)
	return redirect(to, { headers: { 'Set-Cookie': customerCookieHeader(used.sessionToken, services.secureCookies) } })
}

export function headers() {
	return { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' }
}

export default function AccountLinkPage() {
	const loaded = useLoaderData<typeof loader>()
	const failed = useActionData<{ reason: string; email: string | null }>()
	const { t } = useI18n()
	const state = failed?.reason ?? loaded.state
	const email = failed?.email ?? loaded.email
	const again = email ? `${loaded.signInPath}?email=${encodeURIComponent(email)}` : loaded.signInPath
	return (
		<div data-controller="account-link" className="max-w-xl">
			<PageMeta title={t('account.link.title')} />
			<PageHeading title={<Text k="account.link.title" />} />
			{state === 'valid' ? (
				<Form method="post" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
					<AuthenticityTokenInput />
					<Text
						as="p"
						k={`account.link.${loaded.purpose ?? 'sign-in'}` as 'account.link.sign-in'}
						vars={{ email: email ?? '' }}
						className="mb-4"
					/>
					<Button variant="large" type="submit">
						{t('account.link.submit')}
					</Button>
				</Form>
			) : (
				<div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
					<Text as="p" k={`account.link.${state}` as 'account.link.expired'} className="mb-3" />
					<Link to={again} className={`inline-block ${buttonClass()}`}>
						{t('account.link.again')}
					</Link>
				</div>
			)}
		</div>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
