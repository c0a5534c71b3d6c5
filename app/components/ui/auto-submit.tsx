import { useEffect, useRef } from 'react'
import { Form, useSubmit, type FormProps } from 'react-router'

// The spec's auto-submit: the form sends itself 100 ms after the last change. It is a plain
// GET form with its own button, so it works without script too.
const DEBOUNCE_MS = 100

export function AutoSubmitForm({ children, ...props }: FormProps) {
	const submit = useSubmit()
	const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
	useEffect(() => () => clearTimeout(timer.current), [])
	return (
		<Form
			{...props}
			data-controller="auto-submit"
			onChange={(event) => {
				const form = event.currentTarget
				clearTimeout(timer.current)
				timer.current = setTimeout(() => void submit(form, { preventScrollReset: true, replace: true }), DEBOUNCE_MS)
			}}
		>
			{children}
		</Form>
	)
}
