import { lazy, useState } from 'react'
import { Enhanced } from '#app/components/ui/enhanced.tsx'
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
			<Enhanced plain={textarea}>
				<RichTextEditorWidget {...props} defaultValue={typed} isFocused={hasFocus} />
			</Enhanced>
		</div>
	)
}
