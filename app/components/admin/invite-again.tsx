import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { formatDateTime } from '#app/utils/format.ts'

// A new invitation to set a password (the earlier links stop working), and whether the last one is
// still waiting to be used.
export function InviteAgain({ userId, invitedAt }: { userId: number; invitedAt: string | null }) {
	const { locale, t } = useAdminI18n()
	return (
		<Form
			method="post"
			action={`/admin/users/${userId}/invitation`}
			className="mt-6 rounded-md border border-slate-300 bg-white p-5"
			data-invitation={invitedAt ? 'waiting' : 'none'}
		>
			<AuthenticityTokenInput />
			<h2 className="mb-1 text-lg font-bold">{t('users.invitation')}</h2>
			{invitedAt && (
				<p className="mb-1 text-sm text-slate-700">
					{t('users.invited', { when: formatDateTime(new Date(invitedAt), locale) })}
				</p>
			)}
			<p className="mb-3 text-sm text-slate-700">{t('users.inviteHint')}</p>
			<Button variant="secondary" type="submit">
				{t('users.invite')}
			</Button>
		</Form>
	)
}
