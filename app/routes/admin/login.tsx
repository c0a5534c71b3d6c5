import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/login'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { LabelledInput } from '#app/components/ui/field.tsx'
import { signIn } from '#app/models/staff/sign-in.server.ts'
import { adminLocaleCookie, parseLocale } from '#app/http/admin-locale.server.ts'
import { sessionCookieHeader, sessionTokenOf } from '#app/http/session-cookie.server.ts'
import { addressKey } from '#app/models/address-key.server.ts'
import { optionalStaff } from '#app/http/access.server.ts'
import { safeRedirectTo } from '#app/utils/admin-paths.ts'
import { safeLocalPath } from '#app/utils/safe-redirect.ts'
import { getServices, requestInfoContext } from '#app/http/context.server.ts'
import { fieldErrorsOf, requiredText } from '#app/models/records/form.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden } from '#app/components/ui/input.tsx'

const LoginSchema = z.object({
	email: requiredText(254).pipe(z.email('errors.email')),
	password: requiredText(200),
	redirectTo: z.string().optional(),
	lang: z.string().optional(),
})

// Retry-After on a throttled attempt.
export function headers({ actionHeaders }: Route.HeadersArgs) {
	return actionHeaders
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	// Checked again, for the role that signs in, when it is used.
	const redirectTo = safeLocalPath(url.searchParams.get('redirectTo'), { fallback: '' })
	const staff = optionalStaff(context)
	if (staff) throw redirect(safeRedirectTo(redirectTo, staff.role))
	return { redirectTo }
}

export async function action({ request, context }: Route.ActionArgs) {
	const form = Object.fromEntries(await readForm(request))
	const parsed = LoginSchema.safeParse(form)
	const email = typeof form.email === 'string' ? form.email : ''
	if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error), email }, { status: 422 })

	const services = getServices(context)
	const { secretKey, secureCookies } = services
	const ipHash = addressKey('login', context.get(requestInfoContext).clientAddress, secretKey)
	const { email: typed, password } = parsed.data
	const result = await signIn(services, { email: typed, password, ipHash, previousToken: sessionTokenOf(request) })
	if (result.outcome === 'throttled') {
		const minutes = Math.ceil(result.retryAfterSeconds / 60)
		return data(
			{ errors: { _form: 'login.throttled' }, minutes, email },
			{ status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } },
		)
	}
	if (result.outcome === 'refused') return data({ errors: { _form: 'login.invalid' }, email }, { status: 401 })

	const headers = new Headers({ 'Set-Cookie': sessionCookieHeader(result.token, secureCookies) })
	const locale = parseLocale(parsed.data.lang)
	if (locale) headers.append('Set-Cookie', adminLocaleCookie(locale, secureCookies))
	return redirect(safeRedirectTo(parsed.data.redirectTo, result.user.role), { headers })
}

export default function Login() {
	const { redirectTo } = useLoaderData<typeof loader>()
	const result = useActionData<typeof action>()
	const { locale, t } = useAdminI18n()
	const isSubmitting = useNavigation().state === 'submitting'
	const errors: Record<string, string | undefined> = result?.errors ?? {}
	const other = locale === 'da' ? 'en' : 'da'
	return (
		<main id="main" className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-4">
			<title>{`${t('login.title')} · Tolk admin`}</title>
			<h1 className="mb-6 text-2xl font-bold text-slate-900">{t('login.title')}</h1>
			<Form method="post" className="space-y-4" noValidate>
				<AuthenticityTokenInput />
				<Hidden name="redirectTo" value={redirectTo} />
				<Hidden name="lang" value={locale} />
				{errors._form && (
					<p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
						{t(errors._form, { count: result && 'minutes' in result ? Number(result.minutes) : 15 })}
					</p>
				)}
				<LabelledInput
					id="email"
					name="email"
					type="email"
					autoComplete="username"
					required
					defaultValue={result?.email ?? ''}
					label={t('fields.email')}
					error={errors.email && t(errors.email)}
				/>
				<LabelledInput
					id="password"
					name="password"
					type="password"
					autoComplete="current-password"
					required
					label={t('fields.password')}
					error={errors.password && t(errors.password)}
				/>
				<Button type="submit" disabled={isSubmitting} className="w-full">
					{t('login.submit')}
				</Button>
			</Form>
			<p className="mt-6 text-sm">
				<a
					href={`?${new URLSearchParams({ lang: other, redirectTo })}`}
					hrefLang={other}
					lang={other}
					className="text-teal-800 underline"
				>
					{other === 'en' ? 'English' : 'Dansk'}
				</a>
			</p>
		</main>
	)
}
