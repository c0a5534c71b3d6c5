import { useState } from 'react'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { pathFor } from '#app/utils/locales.ts'
import { requestJson } from '#app/utils/request-headers.ts'
import { Hidden } from '#app/components/ui/input.tsx'

type Props = { id: string; name: string; onRemoved: (id: string) => void }

// Takes an uploaded file out of the order (and off the server). With script, a DELETE and the row
// goes; without, a form that comes back to the order page.
export function RemoveDocument({ id, name, onRemoved }: Props) {
	const { locale, t } = useI18n()
	const [busy, setBusy] = useState(false)
	const [failed, setFailed] = useState(false)
	async function remove(event: React.FormEvent) {
		event.preventDefault()
		setBusy(true)
		setFailed(false)
		try {
			await requestJson(`/documents/${id}`, { method: 'DELETE' })
			onRemoved(id)
		} catch (error) {
			console.error('Removing the document failed:', error)
			setFailed(true)
			setBusy(false)
		}
	}
	return (
		<form method="post" action={`/documents/${id}`} onSubmit={remove} className="flex items-center gap-2">
			<AuthenticityTokenInput />
			<Hidden name="back" value={pathFor('order', locale)} />
			<Button variant="secondarySmall" type="submit" disabled={busy} className="text-sm">
				{t('upload.remove')}
				<span className="sr-only"> {name}</span>
			</Button>
			{failed && (
				<span role="alert" className="text-sm text-red-700">
					{t('upload.removeFailed')}
				</span>
			)}
		</form>
	)
}
