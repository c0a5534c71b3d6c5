import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/invitation'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { LabelledInput } from '#app/components/ui/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { getServices } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { sessionCookieHeader } from '#app/http/session-cookie.server.ts'
import { fieldErrorsOf, requiredText } from '#app/models/records/form.ts'
import { MIN_PASSWORD_LENGTH } from '#app/models/staff/password.server.ts'
import { acceptInvitation, invitationOf } from '#app/models/staff/invitation.server.ts'
import { homeOf, LOGIN_PATH } from '#app/utils/admin-paths.ts'
import type { AdminMessageKey } from '#app/utils/translate.ts'

const PasswordSchema = z
	.object({
		password: requiredText(200).pipe(z.string().min(MIN_PASSWORD_LENGTH, 'errors.passwordLength')),
		repeat: z.string().max(200),
	})
	.refine((values) => values.password === values.repeat, { message: 'errors.passwordMismatch', path: ['repeat'] })

// GET /admin/invitation/:token: who the invitation is for, without spending it (a mail scanner
// that opens the link spends nothing).
export async function loader({ params, context }: Route.LoaderArgs) {
	return invitationOf(getServices(context), params.token)
}

// POST: the password chosen; the link is spent, this browser signed in and sent home.
export async function action({ request, params, context }: Route.ActionArgs) {
	const parsed = PasswordSchema.safeParse(Object.fromEntries(await readForm(request)))
	if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error) }, { status: 422 })
	const services = getServices(context)
	const accepted = await acceptInvitation(services, params.token, parsed.data.password)
	if (!accepted.ok) return data({ errors: { _form: `invitation.${accepted.reason}` } }, { status: 410 })
	return redirect(homeOf(accepted.user.role), {
		headers: { 'Set-Cookie': sessionCookieHeader(accepted.sessionToken, services.secureCookies) },
	})
}

export default function Invitation() {
	const invitation = useLoaderData<typeof loader>()
	const result = useActionData<typeof action>()
	const { t } = useAdminI18n()
	const isSubmitting = useNavigation().state === 'submitting'
	const errors: Record<string, string | undefined> = result?.errors ?? {}
	const message = (key: string | undefined) => key && t(key as AdminMessageKey)
	return (
		<main
			id="main"
			className="mx-auto flex min-h-screen max-w-sm flex-col justify-center px-4"
			data-controller="invitation"
		>
			<title>{`${t('invitation.title')} · Tolk admin`}</title>
			<h1 className="mb-6 text-2xl font-bold text-slate-900">{t('invitation.title')}</h1>
			{invitation.state !== 'valid' ? (
				<>
					<p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
						{t(`invitation.${invitation.state}`)}
					</p>
					<a href={LOGIN_PATH} className="mt-4 text-teal-800 underline">
						{t('invitation.signIn')}
					</a>
				</>
			) : (
				<Form method="post" className="space-y-4" noValidate>
					<AuthenticityTokenInput />
					<p>{t('invitation.lead', { name: invitation.name, email: invitation.email })}</p>
					{errors._form && (
						<p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
							{message(errors._form)}
						</p>
					)}
					<LabelledInput
						id="password"
						name="password"
						type="password"
						autoComplete="new-password"
						required
						label={t('invitation.password')}
						error={message(errors.password)}
					/>
					<LabelledInput
						id="repeat"
						name="repeat"
						type="password"
						autoComplete="new-password"
						required
						label={t('invitation.repeat')}
						error={message(errors.repeat)}
					/>
					<Button type="submit" disabled={isSubmitting} className="w-full">
						{t('invitation.submit')}
					</Button>
				</Form>
			)}
		</main>
	)
}
