import { isRouteErrorResponse, useRouteError } from 'react-router'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import type { AdminMessageKey } from '#app/utils/translate.ts'

// What a signed-in area (the admin, a translator's /work) shows when a page cannot be: signed
// out, not for this role, not found, or broken; with the way back.
export function AreaErrorPage({
	home,
	homeLabel,
	login,
	suffix,
	forbidden = 'errors.forbidden',
}: {
	home: string
	homeLabel: AdminMessageKey
	login: string
	suffix: string
	forbidden?: AdminMessageKey
}) {
	const error = useRouteError()
	const { t } = useAdminI18n()
	const status = isRouteErrorResponse(error) ? error.status : 500
	const key: AdminMessageKey =
		status === 401
			? 'errors.signedOut'
			: status === 403
				? forbidden
				: status === 404
					? 'errors.notFound'
					: 'errors.unexpected'
	return (
		<main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
			<title>{`${t(key)}${suffix}`}</title>
			<h1 className="mb-4 text-2xl font-bold">{t(key)}</h1>
			<p>
				<a href={status === 401 ? login : home} className="text-teal-800 underline">
					{status === 401 ? t('login.title') : t(homeLabel)}
				</a>
			</p>
		</main>
	)
}
