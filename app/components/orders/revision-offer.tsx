import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden } from '#app/components/ui/input.tsx'

// The customer asked for a revision and no job works on it: their reason, and the revision offered
// in one click to the translator who did the work (the job form below for anyone else).
export function RevisionOffer({ reason, translator }: { reason: string; translator: string | null }) {
	const { t } = useAdminI18n()
	return (
		<section
			aria-labelledby="order-revision-title"
			data-revision-offer
			className="max-w-3xl space-y-3 rounded-md border border-amber-400 bg-amber-50 p-4"
		>
			<h2 id="order-revision-title" className="text-xl font-semibold">
				{t('jobs.revisionTitle')}
			</h2>
			{reason && <blockquote className="border-l-4 border-amber-400 pl-3 whitespace-pre-line">{reason}</blockquote>}
			{translator ? (
				<Form method="post">
					<AuthenticityTokenInput />
					<Hidden name="intent" value="revision-job" />
					<Button type="submit">{t('jobs.revisionOffer', { name: translator })}</Button>
				</Form>
			) : (
				<p>{t('jobs.revisionNobody')}</p>
			)}
		</section>
	)
}
