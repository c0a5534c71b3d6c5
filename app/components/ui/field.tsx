import { Input } from '#app/components/ui/input.tsx'

// A field's error, tied to it by aria-describedby; nothing when there is none.
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
	if (!message) return null
	return (
		<p id={id} className="mt-1 text-sm font-medium text-red-800">
			{message}
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

// A single input with its label and its error (already in the page's language).
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
			<FieldError id={`${id}-error`} message={error} />
		</div>
	)
}
