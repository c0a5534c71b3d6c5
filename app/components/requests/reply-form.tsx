import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input, inputClass } from '#app/components/ui/input.tsx'
import { Section } from '#app/components/admin/section.tsx'

type Props = { requestId: number; email: string; hasQuote: boolean }

// Staff answer the customer by mail from the request's page: a greeting and the agency's signature
// are added, in the customer's language; the answer is kept in the history.
export function ReplyForm({ requestId, email, hasQuote }: Props) {
	const { t } = useAdminI18n()
	return (
		<Section id="request-reply-title" anchor="reply" title={t('request.reply')}>
			<Form method="post" action={`/admin/requests/${requestId}/reply`} className="space-y-3">
				<AuthenticityTokenInput />
				<label className="block text-sm font-medium">
					<span className="mb-1 block">{t('request.replyBody', { email })}</span>
					<textarea name="body" required maxLength={10_000} rows={6} className={inputClass} />
				</label>
				{hasQuote && (
					<label className="flex items-center gap-2 text-sm">
						<Input variant="bare" type="checkbox" name="withQuote" defaultChecked className="size-4" />{' '}
						{t('request.replyWithQuote')}
					</label>
				)}
				<Button type="submit">{t('request.replySend')}</Button>
			</Form>
		</Section>
	)
}
