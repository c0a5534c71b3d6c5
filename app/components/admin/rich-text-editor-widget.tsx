import * as Dialog from '@radix-ui/react-dialog'
import Image from '@tiptap/extension-image'
import { TableKit } from '@tiptap/extension-table'
import { EditorContent, useEditor, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useId, useState, type FormEvent } from 'react'
import { isAllowedLink, UNDO_DEPTH } from '#app/utils/rich-links.ts'
import { useAdminI18n } from '../i18n.tsx'
import type { RichTextEditorProps } from './rich-text-editor.tsx'
import { inputClass } from './fields.tsx'

// A press on a toolbar button keeps the focus and the selection in the text, as in any editor,
// so typing goes on where it was; keyboard users reach the buttons with Tab and come back.
const keepFocus = (event: React.MouseEvent) => event.preventDefault()

const buttonClass =
	'rounded px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-200 aria-pressed:bg-slate-800 aria-pressed:text-white disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-teal-700'

export default function RichTextEditorWidget({ id, name, labelId, defaultValue, lang, ...aria }: RichTextEditorProps) {
	const [html, setHtml] = useState(defaultValue)
	const editor = useEditor({
		extensions: [
			StarterKit.configure({
				heading: { levels: [2, 3, 4] },
				code: false,
				codeBlock: false,
				undoRedo: { depth: UNDO_DEPTH },
				link: { openOnClick: false, autolink: false, isAllowedUri: (url) => isAllowedLink(url) },
			}),
			TableKit.configure({ table: { resizable: false } }),
			Image,
		],
		content: defaultValue,
		immediatelyRender: false,
		shouldRerenderOnTransaction: true,
		editorProps: {
			attributes: {
				id,
				role: 'textbox',
				'aria-multiline': 'true',
				'aria-labelledby': labelId,
				...(aria['aria-describedby'] ? { 'aria-describedby': aria['aria-describedby'] } : {}),
				...(aria['aria-invalid'] ? { 'aria-invalid': 'true' } : {}),
				...(lang ? { lang } : {}),
				class: 'rich-text min-h-48 rounded-b-md border border-slate-400 bg-white px-3 py-2 focus-visible:outline-2 focus-visible:outline-teal-700',
			},
		},
		onUpdate: ({ editor: current }) => setHtml(current.isEmpty ? '' : current.getHTML()),
	})

	return (
		<div>
			<input type="hidden" name={name} value={html} />
			{editor ? <Toolbar editor={editor} /> : null}
			<EditorContent editor={editor} />
		</div>
	)
}

function Toolbar({ editor }: { editor: Editor }) {
	const { t } = useAdminI18n()
	const chain = () => editor.chain().focus()
	const buttons = [
		{ key: 'heading2', label: t('editor.heading2'), text: 'H2', isActive: editor.isActive('heading', { level: 2 }), run: () => chain().toggleHeading({ level: 2 }).run() },
		{ key: 'heading3', label: t('editor.heading3'), text: 'H3', isActive: editor.isActive('heading', { level: 3 }), run: () => chain().toggleHeading({ level: 3 }).run() },
		{ key: 'bold', label: t('editor.bold'), text: 'B', isActive: editor.isActive('bold'), run: () => chain().toggleBold().run() },
		{ key: 'italic', label: t('editor.italic'), text: 'I', isActive: editor.isActive('italic'), run: () => chain().toggleItalic().run() },
		{ key: 'bulletList', label: t('editor.bulletList'), text: '•', isActive: editor.isActive('bulletList'), run: () => chain().toggleBulletList().run() },
		{ key: 'orderedList', label: t('editor.orderedList'), text: '1.', isActive: editor.isActive('orderedList'), run: () => chain().toggleOrderedList().run() },
		{ key: 'quote', label: t('editor.quote'), text: '❝', isActive: editor.isActive('blockquote'), run: () => chain().toggleBlockquote().run() },
		{ key: 'table', label: t('editor.table'), text: '▦', isActive: editor.isActive('table'), run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run() },
	]
	return (
		<div role="toolbar" aria-label={t('editor.toolbar')} className="flex flex-wrap gap-1 rounded-t-md border border-b-0 border-slate-400 bg-slate-100 p-1">
			{buttons.map((button) => (
				<button key={button.key} type="button" aria-label={button.label} title={button.label} aria-pressed={button.isActive} onMouseDown={keepFocus} onClick={button.run} className={buttonClass}>
					<span aria-hidden>{button.text}</span>
				</button>
			))}
			<LinkDialog editor={editor} />
			<button type="button" aria-label={t('editor.undo')} title={t('editor.undo')} disabled={!editor.can().undo()} onMouseDown={keepFocus} onClick={() => chain().undo().run()} className={buttonClass}>
				<span aria-hidden>↶</span>
			</button>
			<button type="button" aria-label={t('editor.redo')} title={t('editor.redo')} disabled={!editor.can().redo()} onMouseDown={keepFocus} onClick={() => chain().redo().run()} className={buttonClass}>
				<span aria-hidden>↷</span>
			</button>
		</div>
	)
}

// The spec's link dialog: the address is required, and only http(s), mailto, tel and links on this
// site are taken. An empty address on an existing link removes it.
function LinkDialog({ editor }: { editor: Editor }) {
	const { t } = useAdminI18n()
	const id = useId()
	const [isOpen, setIsOpen] = useState(false)
	const [url, setUrl] = useState('')
	const [error, setError] = useState('')
	const isLink = editor.isActive('link')

	function open(next: boolean) {
		if (next) {
			setUrl(String(editor.getAttributes('link').href ?? ''))
			setError('')
		}
		setIsOpen(next)
	}

	function apply(event: FormEvent) {
		event.preventDefault()
		event.stopPropagation()
		const address = url.trim()
		if (!address && isLink) {
			editor.chain().focus().extendMarkRange('link').unsetLink().run()
			setIsOpen(false)
			return
		}
		if (!address) return setError(t('editor.linkRequired'))
		if (!isAllowedLink(address)) return setError(t('editor.linkInvalid'))
		const chain = editor.chain().focus().extendMarkRange('link')
		if (editor.state.selection.empty && !isLink) chain.insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] }).run()
		else chain.setLink({ href: address }).run()
		setIsOpen(false)
	}

	return (
		<Dialog.Root open={isOpen} onOpenChange={open}>
			<Dialog.Trigger asChild>
				<button type="button" aria-label={t('editor.link')} title={t('editor.link')} aria-pressed={isLink} className={buttonClass}>
					<span aria-hidden>🔗</span>
				</button>
			</Dialog.Trigger>
			<Dialog.Portal>
				<Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
				<Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,90vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
					<Dialog.Title className="mb-4 text-lg font-semibold">{t('editor.linkTitle')}</Dialog.Title>
					<Dialog.Description className="mb-3 text-sm text-slate-600">{t('editor.linkHint')}</Dialog.Description>
					{/* Not a nested <form>: the dialog is portalled out of the record form, so Enter stays here. */}
					<form onSubmit={apply} noValidate>
						<label htmlFor={`${id}-url`} className="mb-1 block text-sm font-medium">
							{t('editor.linkUrl')}
						</label>
						<input
							id={`${id}-url`}
							type="text"
							inputMode="url"
							value={url}
							onChange={(event) => setUrl(event.target.value)}
							aria-invalid={error ? true : undefined}
							aria-describedby={error ? `${id}-error` : undefined}
							className={inputClass}
						/>
						{error && (
							<p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
								{error}
							</p>
						)}
						<div className="mt-4 flex justify-end gap-2">
							<Dialog.Close className="rounded-md border border-slate-400 px-4 py-2">{t('editor.cancel')}</Dialog.Close>
							<button type="submit" className="rounded-md bg-teal-800 px-4 py-2 font-semibold text-white hover:bg-teal-900">
								{t('editor.apply')}
							</button>
						</div>
					</form>
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}
