import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'

// One file posted to an admin address (a translation to an order, a mailed document to a request).
export function UploadForm({ action, label }: { action: string; label: string }) {
	const { t } = useAdminI18n()
	return (
		<Form method="post" action={action} encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
			<AuthenticityTokenInput />
			<label className="text-sm font-medium">
				<span className="mb-1 block">{label}</span>
				<Input variant="bare" type="file" name="file" required className="block max-w-full" />
			</label>
			<Button variant="secondary" type="submit">
				{t('order.uploadButton')}
			</Button>
		</Form>
	)
}
