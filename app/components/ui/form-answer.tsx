import { useCallback } from 'react'

// What a form's last answer says: a status when done, an alert when refused; focused when it
// appears, so a screen reader reads it.
export function FormAnswer({ answer }: { answer: { ok: boolean; message: string } | null | undefined }) {
	const focusOnMount = useCallback((element: HTMLElement | null) => element?.focus(), [])
	if (!answer) return null
	return (
		<p
			role={answer.ok ? 'status' : 'alert'}
			tabIndex={-1}
			ref={focusOnMount}
			className={`mb-4 rounded-md border p-3 ${answer.ok ? 'border-teal-300 bg-teal-50 text-teal-950' : 'border-red-300 bg-red-50 text-red-900'}`}
		>
			{answer.message}
		</p>
	)
}
