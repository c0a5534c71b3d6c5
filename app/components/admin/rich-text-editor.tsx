import { lazy, Suspense, useState } from 'react'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { inputClass } from '#app/components/ui/input.tsx'

const RichTextEditorWidget = lazy(() => import('#app/components/admin/rich-text-editor-widget.tsx'))

export type RichTextEditorProps = {
	id: string
	name: string
	labelId: string
	defaultValue: string
	required?: boolean
	lang?: string
	'aria-invalid'?: boolean
	'aria-describedby'?: string
	isFocused?: boolean
}

// The spec's "redactor": a rich content field. Without script (and until the editor has loaded) it
// is a textarea of HTML; then TipTap edits the same field, which the form submits either way. The
// server sanitises what arrives, whichever way it was written.
export function RichTextEditor(props: RichTextEditorProps) {
	const isHydrated = useHydrated()
	// What was typed into the textarea while the editor loaded goes into the editor.
	const [typed, setTyped] = useState(props.defaultValue)
	// ...and so does the focus, so typing goes on in the editor.
	const [hasFocus, setHasFocus] = useState(false)
	const { labelId, ...textareaProps } = props
	const textarea = (
		<textarea
			{...textareaProps}
			defaultValue={typed}
			onChange={(event) => setTyped(event.target.value)}
			onFocus={() => setHasFocus(true)}
			onBlur={() => setHasFocus(false)}
			aria-labelledby={labelId}
			rows={8}
			className={inputClass}
		/>
	)
	return (
		<div data-controller="redactor">
			{isHydrated ? (
				<Suspense fallback={textarea}>
					<RichTextEditorWidget {...props} defaultValue={typed} isFocused={hasFocus} />
				</Suspense>
			) : (
				textarea
			)}
		</div>
	)
}
