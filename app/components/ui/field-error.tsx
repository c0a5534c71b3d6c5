// A field's error, tied to it by aria-describedby; nothing when there is none.
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
	if (!message) return null
	return (
		<p id={id} className="mt-1 text-sm font-medium text-red-800">
			{message}
		</p>
	)
}
