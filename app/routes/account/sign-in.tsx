import { useCallback } from 'react'
import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router'
import type { Route } from './+types/sign-in'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { ErrorSummary, fieldMaker } from '#app/components/ui/form-fields.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { PageHeading, PageMeta } from '#app/components/public/page.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { askForSignInLink } from '#app/models/customer/account.server.ts'
import { addressKey } from '#app/models/address-key.server.ts'
import { optionalCustomer } from '#app/http/customer.server.ts'
import { getServices, requestInfoContext } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { loadMessages } from '#app/models/translation.server.ts'
import { stripTags, translate } from '#app/utils/translate.ts'
import { localeFromPath, pathFor } from '#app/utils/locales.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const locale = localeFromPath(url.pathname)
	if (await optionalCustomer(request, context)) throw redirect(pathFor('account', locale))
	return {
		email: url.searchParams.get('email')?.slice(0, 254) ?? '',
		deleted: url.searchParams.get('deleted') === '1',
		alternates: { da: pathFor('accountSignIn', 'da'), en: pathFor('accountSignIn', 'en') },
	}
}

type Answer = { sent: true; email: string } | { sent: false; message: string; error: string; email: string }

// "Send me a link": the page says the same for an address with an account and one without.
export async function action({ request, context }: Route.ActionArgs) {
	const locale = localeFromPath(new URL(request.url).pathname)
	const services = getServices(context)
	const email = String((await readForm(request)).get('email') ?? '').slice(0, 300)
	const ipHash = addressKey('account', context.get(requestInfoContext).clientAddress, services.secretKey)
	const outcome = await askForSignInLink(services, { email, locale, ipHash })
	if (outcome === 'sent') return { sent: true, email: email.trim() } satisfies Answer
	const messages = await loadMessages(services.db, locale)
	const text = (key: string) => stripTags(translate(messages, key))
	const error = outcome === 'invalid' ? text('request.error.email') : text('account.signIn.limited')
	return data<Answer>(
		{ sent: false, message: text('account.signIn.refused'), error, email },
		{ status: outcome === 'invalid' ? 422 : 429 },
	)
}

export function headers() {
	return { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' }
}

export default function AccountSignInPage() {
	const { email, deleted } = useLoaderData<typeof loader>()
	const answer = useActionData<Answer>()
	const { t } = useI18n()
	const isSending = useNavigation().state === 'submitting'
	const focusOnMount = useCallback((element: HTMLElement | null) => element?.focus(), [])
	const refused = answer && !answer.sent ? answer : null
	const field = fieldMaker<'email'>('account', { email: answer?.email ?? email }, () => refused?.error)
	return (
		<div data-controller="account-sign-in" className="max-w-xl">
			<PageMeta title={t('account.signIn.title')} />
			<PageHeading title={<Text k="account.signIn.title" />} lead={<Text k="account.signIn.lead" />} />
			{deleted && (
				<Text
					as="p"
					role="status"
					k="account.delete.done"
					className="mb-4 rounded-md border border-teal-300 bg-teal-50 p-4 text-teal-950"
				/>
			)}
			{answer?.sent ? (
				<div
					role="status"
					tabIndex={-1}
					ref={focusOnMount}
					className="rounded-md border border-teal-300 bg-teal-50 p-4 text-teal-950"
				>
					<Text as="p" k="account.signIn.sent" vars={{ email: answer.email }} />
				</div>
			) : (
				<Form method="post" noValidate className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
					<AuthenticityTokenInput />
					{refused && (
						<ErrorSummary
							prefix="account"
							message={refused.message}
							errors={{ email: refused.error }}
							focusRef={focusOnMount}
						/>
					)}
					{field('email', t('request.email'), (props) => (
						<Input {...props} type="email" autoComplete="email" required />
					))}
					<Button variant="large" type="submit" disabled={isSending}>
						{t('account.signIn.submit')}
					</Button>
				</Form>
			)}
		</div>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
