import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden, inputClass } from '#app/components/ui/input.tsx'

// Accept an offer, or decline it with a reason (the PM reads it).
export function OfferAnswer({ jobId, action }: { jobId: number; action?: string }) {
	const { t } = useAdminI18n()
	return (
		<div className="flex flex-wrap items-start gap-3" data-offer={jobId}>
			<Form method="post" action={action}>
				<AuthenticityTokenInput />
				<Hidden name="intent" value="accept" />
				<Hidden name="jobId" value={jobId} />
				<Button variant="small" type="submit">
					{t('work.accept')}
				</Button>
			</Form>
			<details className="min-w-0 flex-1">
				<summary className="cursor-pointer text-sm text-teal-900 underline">{t('work.decline')}</summary>
				<Form method="post" action={action} className="mt-2 space-y-2">
					<AuthenticityTokenInput />
					<Hidden name="intent" value="decline" />
					<Hidden name="jobId" value={jobId} />
					<label className="block text-sm font-medium">
						{t('work.declineReason')}
						<textarea name="reason" required minLength={3} maxLength={1000} rows={2} className={inputClass} />
					</label>
					<Button variant="secondarySmall" type="submit">
						{t('work.declineSubmit')}
					</Button>
				</Form>
			</details>
		</div>
	)
}
