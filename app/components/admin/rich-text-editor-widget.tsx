import Image from '@tiptap/extension-image'
import { TableKit } from '@tiptap/extension-table'
import { NodeSelection } from '@tiptap/pm/state'
import { EditorContent, useEditor, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useRef, useState } from 'react'
import type { EditorView } from '@tiptap/pm/view'
import { isAllowedLink, UNDO_DEPTH } from '#app/models/rich-text/links.ts'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { BLOCK_TYPES, BlockAttributes, CLASS_PATTERN, ID_PATTERN } from '#app/components/admin/block-attributes.ts'
import type { RichTextEditorProps } from '#app/components/admin/rich-text-editor.tsx'
import { EditorDialog, ToolButton } from '#app/components/admin/editor-dialog.tsx'
import { announceUploadError, MediaDialog, uploadMedia } from '#app/components/admin/media-dialog.tsx'
import { Hidden } from '#app/components/ui/input.tsx'

const imagesOf = (files: FileList | null | undefined) =>
	Array.from(files ?? []).filter((file) => file.type.startsWith('image/'))

// The text's formats: headings 2 to 4, lists, quotes, links, tables and pictures; no code.
const EXTENSIONS = [
	StarterKit.configure({
		heading: { levels: [2, 3, 4] },
		code: false,
		codeBlock: false,
		undoRedo: { depth: UNDO_DEPTH },
		link: { openOnClick: false, autolink: false, isAllowedUri: (url) => isAllowedLink(url) },
	}),
	TableKit.configure({ table: { resizable: false } }),
	Image,
	BlockAttributes,
]

export default function RichTextEditorWidget({
	id,
	name,
	labelId,
	defaultValue,
	lang,
	isFocused = false,
	...aria
}: RichTextEditorProps) {
	const { t } = useAdminI18n()
	const [html, setHtml] = useState(defaultValue)
	const [notice, setNotice] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null)
	const hiddenInput = useRef<HTMLInputElement>(null)

	// Pictures dropped or pasted into the text go up to /admin/photos and in where they landed.
	function uploadInto(view: EditorView, files: File[], position: number) {
		void (async () => {
			for (const file of files) {
				setNotice({ kind: 'status', text: t('editor.uploading', { name: file.name }) })
				try {
					const photo = await uploadMedia('photos', file)
					const node = view.state.schema.nodes.image!.create({ src: photo.url, alt: photo.title, title: photo.title })
					view.dispatch(view.state.tr.insert(Math.min(position, view.state.doc.content.size), node))
					setNotice(null)
				} catch (failure) {
					const text = t('editor.uploadFailed', { message: (failure as Error).message })
					setNotice({ kind: 'alert', text })
					announceUploadError(view.dom, text)
				}
			}
		})()
	}

	const editor = useEditor({
		extensions: EXTENSIONS,
		content: defaultValue,
		autofocus: isFocused ? 'end' : false,
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
				class:
					'rich-text min-h-48 rounded-b-md border border-slate-400 bg-white px-3 py-2 focus-visible:outline-2 focus-visible:outline-teal-700',
			},
			handleDrop: (view, event, _slice, moved) => {
				const files = imagesOf(event.dataTransfer?.files)
				if (moved || files.length === 0) return false
				event.preventDefault()
				const position = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? view.state.selection.from
				uploadInto(view, files, position)
				return true
			},
			handlePaste: (view, event) => {
				const files = imagesOf(event.clipboardData?.files)
				if (files.length === 0) return false
				uploadInto(view, files, view.state.selection.from)
				return true
			},
		},
		onUpdate: ({ editor: current }) => {
			setHtml(current.isEmpty ? '' : current.getHTML())
			// The form learns of every change, a toolbar command as much as typing (draft-keeper).
			hiddenInput.current?.dispatchEvent(new Event('input', { bubbles: true }))
		},
	})

	return (
		<div>
			<Hidden ref={hiddenInput} name={name} value={html} />
			{editor ? <Toolbar editor={editor} /> : null}
			<div
				role={notice?.kind === 'alert' ? 'alert' : 'status'}
				className={
					notice
						? `border-x border-slate-400 px-3 py-1 text-sm ${notice.kind === 'alert' ? 'bg-red-50 text-red-800' : 'bg-slate-50'}`
						: 'sr-only'
				}
			>
				{notice?.text}
			</div>
			<EditorContent editor={editor} />
		</div>
	)
}

type Chain = ReturnType<Editor['chain']>
type FormatKey = 'heading2' | 'heading3' | 'bold' | 'italic' | 'bulletList' | 'orderedList' | 'quote' | 'table'
type FormatButton = {
	key: FormatKey
	text: string
	on: [string, Record<string, unknown>?]
	run: (chain: Chain) => Chain
}

// The formatting buttons: each with its label's key, its face, when it is on, and what it does.
const FORMATS: FormatButton[] = [
	{ key: 'heading2', text: 'H2', on: ['heading', { level: 2 }], run: (chain) => chain.toggleHeading({ level: 2 }) },
	{ key: 'heading3', text: 'H3', on: ['heading', { level: 3 }], run: (chain) => chain.toggleHeading({ level: 3 }) },
	{ key: 'bold', text: 'B', on: ['bold'], run: (chain) => chain.toggleBold() },
	{ key: 'italic', text: 'I', on: ['italic'], run: (chain) => chain.toggleItalic() },
	{ key: 'bulletList', text: '•', on: ['bulletList'], run: (chain) => chain.toggleBulletList() },
	{ key: 'orderedList', text: '1.', on: ['orderedList'], run: (chain) => chain.toggleOrderedList() },
	{ key: 'quote', text: '❝', on: ['blockquote'], run: (chain) => chain.toggleBlockquote() },
	{
		key: 'table',
		text: '▦',
		on: ['table'],
		run: (chain) => chain.insertTable({ rows: 3, cols: 3, withHeaderRow: true }),
	},
]

function Toolbar({ editor }: { editor: Editor }) {
	const { t } = useAdminI18n()
	const chain = () => editor.chain().focus()
	return (
		<div
			role="toolbar"
			aria-label={t('editor.toolbar')}
			className="flex flex-wrap gap-1 rounded-t-md border border-b-0 border-slate-400 bg-slate-100 p-1"
		>
			{FORMATS.map((format) => (
				<ToolButton
					key={format.key}
					label={t(`editor.${format.key}`)}
					text={format.text}
					isActive={editor.isActive(...format.on)}
					onClick={() => format.run(chain()).run()}
				/>
			))}
			<LinkDialog editor={editor} />
			<MediaDialog editor={editor} kind="photos" />
			<MediaDialog editor={editor} kind="content_files" />
			<PropertiesDialog editor={editor} />
			<ToolButton
				label={t('editor.undo')}
				text="↶"
				isDisabled={!editor.can().undo()}
				onClick={() => chain().undo().run()}
			/>
			<ToolButton
				label={t('editor.redo')}
				text="↷"
				isDisabled={!editor.can().redo()}
				onClick={() => chain().redo().run()}
			/>
		</div>
	)
}

// The spec's link dialog: the address is required, and only http(s), mailto, tel and links on this
// site are taken. An empty address on an existing link removes it.
function LinkDialog({ editor }: { editor: Editor }) {
	const { t } = useAdminI18n()
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

	function apply() {
		const address = url.trim()
		if (!address && isLink) {
			editor.chain().focus().extendMarkRange('link').unsetLink().run()
			return setIsOpen(false)
		}
		if (!address) return setError(t('editor.linkRequired'))
		if (!isAllowedLink(address)) return setError(t('editor.linkInvalid'))
		const chain = editor.chain().focus().extendMarkRange('link')
		if (editor.state.selection.empty && !isLink)
			chain.insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] }).run()
		else chain.setLink({ href: address }).run()
		setIsOpen(false)
	}

	return (
		<EditorDialog
			label={t('editor.link')}
			icon="🔗"
			isPressed={isLink}
			title={t('editor.linkTitle')}
			description={t('editor.linkHint')}
			isOpen={isOpen}
			onOpenChange={open}
			onApply={apply}
			fields={[{ label: t('editor.linkUrl'), value: url, onChange: setUrl, error, inputMode: 'url' }]}
		/>
	)
}

// The block the selection is in (or the selected image), as the properties dialog edits it.
function selectedBlock(editor: Editor): { type: string; id: string; className: string } | null {
	const { selection } = editor.state
	const chosen = selection instanceof NodeSelection ? selection.node : null
	const nodes = chosen
		? [chosen]
		: Array.from({ length: selection.$from.depth }, (_, index) => selection.$from.node(selection.$from.depth - index))
	const node = nodes.find((candidate) => (BLOCK_TYPES as readonly string[]).includes(candidate.type.name))
	return node
		? { type: node.type.name, id: String(node.attrs.id ?? ''), className: String(node.attrs.class ?? '') }
		: null
}

// The spec's properties dialog: the id and class of the selected block. An empty id removes the
// id attribute; an empty class removes the class attribute.
function PropertiesDialog({ editor }: { editor: Editor }) {
	const { t } = useAdminI18n()
	const [isOpen, setIsOpen] = useState(false)
	const [values, setValues] = useState({ id: '', className: '' })
	const [errors, setErrors] = useState<{ id?: string; className?: string }>({})

	function open(next: boolean) {
		const block = selectedBlock(editor)
		if (next && block) {
			setValues({ id: block.id, className: block.className })
			setErrors({})
		}
		setIsOpen(next && block !== null)
	}

	function apply() {
		const block = selectedBlock(editor)
		const id = values.id.trim()
		const className = values.className.trim().replace(/\s+/g, ' ')
		const found = {
			id: id && !ID_PATTERN.test(id) ? t('editor.idInvalid') : undefined,
			className: className && !CLASS_PATTERN.test(className) ? t('editor.classInvalid') : undefined,
		}
		if (found.id || found.className) return setErrors(found)
		if (block)
			editor
				.chain()
				.focus()
				.updateAttributes(block.type, { id: id || null, class: className || null })
				.run()
		setIsOpen(false)
	}

	return (
		<EditorDialog
			label={t('editor.properties')}
			icon="⚙"
			title={t('editor.propertiesTitle')}
			description={t('editor.propertiesHint')}
			isOpen={isOpen}
			onOpenChange={open}
			onApply={apply}
			fields={[
				{
					label: t('editor.id'),
					value: values.id,
					onChange: (id) => setValues((current) => ({ ...current, id })),
					error: errors.id,
				},
				{
					label: t('editor.className'),
					value: values.className,
					onChange: (className) => setValues((current) => ({ ...current, className })),
					error: errors.className,
				},
			]}
		/>
	)
}
