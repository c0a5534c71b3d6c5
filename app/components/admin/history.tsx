import { Form } from 'react-router'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden, inputClass } from '#app/components/ui/input.tsx'
import { formatDateTime } from '#app/utils/format.ts'

export type HistoryItem = { id: number | string; at: string; text: React.ReactNode; body?: React.ReactNode }

// What happened to a request or an order, oldest first: when, who and what, and a note's text.
export function HistoryList({ items }: { items: HistoryItem[] }) {
	const { locale } = useAdminI18n()
	return (
		<ol className="space-y-3">
			{items.map((item) => (
				<li key={item.id} className="rounded-md border border-slate-200 bg-white p-3">
					<p className="text-sm text-slate-700">
						<time dateTime={item.at}>{formatDateTime(new Date(item.at), locale)}</time> · {item.text}
					</p>
					{item.body ? <p className="mt-1 whitespace-pre-wrap">{item.body}</p> : null}
				</li>
			))}
		</ol>
	)
}

type NoteFormProps = {
	id: string
	label: string
	submit: string
	action?: string
	hidden?: Record<string, string>
	children?: React.ReactNode
}

// A note for the history: its text, what else the form asks (children), and the button.
export function NoteForm({ id, label, submit, action, hidden = {}, children }: NoteFormProps) {
	return (
		<Form method="post" action={action} className="max-w-3xl space-y-2">
			<AuthenticityTokenInput />
			{Object.entries(hidden).map(([name, value]) => (
				<Hidden key={name} name={name} value={value} />
			))}
			<label htmlFor={id} className="block font-medium">
				{label}
			</label>
			<textarea id={id} name="body" rows={3} required maxLength={5000} className={inputClass} />
			{children}
			<Button type="submit">{submit}</Button>
		</Form>
	)
}
