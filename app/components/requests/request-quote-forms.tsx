import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { UploadForm } from '#app/components/admin/upload-form.tsx'

type Props = { requestId: number; hasDocuments: boolean; hasQuote: boolean }

// A document the customer mailed, added to the request; then the quote made (or made again) from
// the request's documents and the customer's choices.
export function RequestQuoteForms({ requestId, hasDocuments, hasQuote }: Props) {
	const { t } = useAdminI18n()
	return (
		<div className="flex flex-wrap items-end gap-4">
			<UploadForm action={`/admin/requests/${requestId}/documents`} label={t('request.addDocument')} />
			{hasDocuments && (
				<Form method="post" action={`/admin/requests/${requestId}/quote`}>
					<AuthenticityTokenInput />
					<Button variant="secondary" type="submit">
						{t(hasQuote ? 'request.quoteAgain' : 'request.makeQuote')}
					</Button>
				</Form>
			)}
		</div>
	)
}
