import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden } from '#app/components/ui/input.tsx'

type StatusFormProps = {
	label: string
	submit: string
	action?: string
	hidden?: Record<string, string>
	// The status select (named, as the form posts it), then any other fields of the row.
	children: React.ReactNode
	after?: React.ReactNode
}

// A row that moves a request or an order on: the choice of status, what goes with it, the button.
export function StatusForm({ label, submit, action, hidden = {}, children, after }: StatusFormProps) {
	return (
		<Form method="post" action={action} className="flex flex-wrap items-end gap-3">
			<AuthenticityTokenInput />
			{Object.entries(hidden).map(([name, value]) => (
				<Hidden key={name} name={name} value={value} />
			))}
			<label className="max-w-full min-w-0 text-sm font-medium">
				<span className="mb-1 block">{label}</span>
				{children}
			</label>
			{after}
			<Button type="submit">{submit}</Button>
		</Form>
	)
}
