import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { inputClass } from '#app/components/ui/input.tsx'

// Accept an offer, or decline it with a reason (the PM reads it).
export function OfferAnswer({ jobId, action }: { jobId: number; action?: string }) {
	const { t } = useAdminI18n()
	return (
		<div className="flex flex-wrap items-start gap-3" data-offer={jobId}>
			<Form method="post" action={action}>
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value="accept" />
				<input type="hidden" name="jobId" value={jobId} />
				<button type="submit" className={buttonClass('small')}>
					{t('work.accept')}
				</button>
			</Form>
			<details className="min-w-0 flex-1">
				<summary className="cursor-pointer text-sm text-teal-900 underline">{t('work.decline')}</summary>
				<Form method="post" action={action} className="mt-2 space-y-2">
					<AuthenticityTokenInput />
					<input type="hidden" name="intent" value="decline" />
					<input type="hidden" name="jobId" value={jobId} />
					<label className="block text-sm font-medium">
						{t('work.declineReason')}
						<textarea name="reason" required minLength={3} maxLength={1000} rows={2} className={inputClass} />
					</label>
					<button type="submit" className={buttonClass('secondarySmall')}>
						{t('work.declineSubmit')}
					</button>
				</Form>
			</details>
		</div>
	)
}
