import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Input } from '#app/components/ui/input.tsx'

// A field's error, in the admin's language, tied to its input by id.
export function FieldError({ id, error }: { id: string; error?: string }) {
	const { t } = useAdminI18n()
	if (!error) return null
	return (
		<p id={id} className="mt-1 text-sm font-medium text-red-700">
			{t(error)}
		</p>
	)
}

export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: React.ReactNode }) {
	return (
		<label htmlFor={htmlFor} className="mb-1 block text-sm font-medium">
			{children}
		</label>
	)
}

type LabelledInputProps = React.InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string }

// A single input with its label and its error, for the forms that are not record forms.
export function LabelledInput({ id, label, error, ...props }: LabelledInputProps) {
	return (
		<div>
			<FieldLabel htmlFor={id}>{label}</FieldLabel>
			<Input
				{...props}
				id={id}
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? `${id}-error` : undefined}
			/>
			<FieldError id={`${id}-error`} error={error} />
		</div>
	)
}
