import { NodeSelection } from '@tiptap/pm/state'
import type { Editor } from '@tiptap/react'
import { useState } from 'react'
import { useDropzone } from 'react-dropzone'
import { formatFileSize } from '#app/utils/format.ts'
import { CONTENT_FILE_EXTENSIONS, PHOTO_EXTENSIONS } from '#app/models/media/kinds.ts'
import type { ContentFileItem, MediaKind, PhotoItem } from '#app/models/media/kinds.ts'
import { HttpError, requestJson } from '#app/utils/request-headers.ts'
import { fileLinkText } from '#app/models/rich-text/links.ts'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { EditorDialog } from '#app/components/admin/editor-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'

type Item = PhotoItem | ContentFileItem

// POST /admin/photos or /admin/content_files, multipart `file` and `title`; the answer is the new
// item, or {error} in the staff member's language.
export async function uploadMedia(kind: MediaKind, file: File, title = ''): Promise<Item> {
	const body = new FormData()
	body.set('file', file)
	if (title) body.set('title', title)
	try {
		return await requestJson<Item>(`/admin/${kind}`, { method: 'POST', body })
	} catch (error) {
		if (error instanceof HttpError) throw new Error(messageOf(error.body) ?? error.message)
		throw error
	}
}

function messageOf(body: string): string | null {
	try {
		return (JSON.parse(body) as { error?: string }).error ?? null
	} catch {
		return null
	}
}

// The spec's upload-error event, on the editor's element, for whatever listens (tests, analytics).
export function announceUploadError(editorDom: Element, message: string) {
	editorDom
		.closest('[data-controller="redactor"]')
		?.dispatchEvent(new CustomEvent('upload-error', { bubbles: true, detail: { message } }))
}

const ACCEPT: Record<MediaKind, Record<string, string[]>> = {
	photos: { 'image/*': PHOTO_EXTENSIONS.map((extension) => `.${extension}`) },
	content_files: { 'application/octet-stream': CONTENT_FILE_EXTENSIONS.map((extension) => `.${extension}`) },
}

type Props = { editor: Editor; kind: MediaKind }

// The image and file dialogs: a picker of what is uploaded (GET /admin/photos as 96x72
// thumbnails in a 300 px scrolling panel; GET /admin/content_files as title, name and size), an
// area to drop or choose a new one, and its title. An image goes in with the title as its alt
// text; a file goes in as a link whose text is the title.
export function MediaDialog({ editor, kind }: Props) {
	const { t } = useAdminI18n()
	const isPhotos = kind === 'photos'
	const [isOpen, setIsOpen] = useState(false)
	const [items, setItems] = useState<Item[] | null>(null)
	const [listFailed, setListFailed] = useState(false)
	const [chosen, setChosen] = useState<Item | null>(null)
	const [title, setTitle] = useState('')
	const [uploading, setUploading] = useState<string | null>(null)
	const [error, setError] = useState('')

	function open(next: boolean) {
		setIsOpen(next)
		if (!next) return
		setChosen(null)
		setTitle('')
		setError('')
		setListFailed(false)
		requestJson<Item[]>(`/admin/${kind}`).then(setItems, () => setListFailed(true))
	}

	function choose(item: Item) {
		setChosen(item)
		setTitle(item.title)
		setError('')
	}

	async function upload(files: File[]) {
		const file = files[0]
		if (!file) return
		setUploading(file.name)
		setError('')
		try {
			const item = await uploadMedia(kind, file, title.trim())
			setItems((current) => [item, ...(current ?? [])])
			choose(item)
		} catch (failure) {
			const message = t('editor.uploadFailed', { message: (failure as Error).message })
			setError(message)
			announceUploadError(editor.view.dom, message)
		} finally {
			setUploading(null)
		}
	}

	const dropzone = useDropzone({
		onDrop: (files) => void upload(files),
		accept: ACCEPT[kind],
		multiple: false,
		disabled: uploading !== null,
	})

	function apply() {
		if (!chosen) return setError(t(isPhotos ? 'editor.chooseImage' : 'editor.chooseFile'))
		insertMedia(editor, chosen, title.trim() || chosen.title || chosen.name, isPhotos)
		setIsOpen(false)
	}

	return (
		<EditorDialog
			label={t(isPhotos ? 'editor.image' : 'editor.file')}
			icon={isPhotos ? '🖼' : '📎'}
			title={t(isPhotos ? 'editor.imageTitle' : 'editor.fileTitle')}
			description={t(isPhotos ? 'editor.imageHint' : 'editor.fileHint')}
			isOpen={isOpen}
			onOpenChange={open}
			onApply={apply}
			applyLabel={t('editor.insert')}
			wide
			fields={[{ label: t('editor.itemTitle'), value: title, onChange: setTitle, error }]}
		>
			<div className="mb-4 grid gap-3">
				<div
					role="group"
					aria-label={t('editor.pickerLabel')}
					className="h-[300px] overflow-y-auto rounded-md border border-slate-300 p-2"
				>
					<MediaPicker isPhotos={isPhotos} items={items} hasFailed={listFailed} chosen={chosen} onChoose={choose} />
				</div>
				<div
					{...dropzone.getRootProps({
						className: `rounded-md border-2 border-dashed p-4 text-center text-sm focus-visible:outline-2 focus-visible:outline-teal-700 ${dropzone.isDragActive ? 'border-teal-700 bg-teal-50' : 'border-slate-400'}`,
					})}
				>
					<Input
						variant="bare"
						{...dropzone.getInputProps({ 'aria-label': t(isPhotos ? 'editor.dropImage' : 'editor.dropFile') })}
					/>
					<p aria-live="polite">
						{uploading
							? t('editor.uploading', { name: uploading })
							: t(isPhotos ? 'editor.dropImage' : 'editor.dropFile')}
					</p>
				</div>
			</div>
		</EditorDialog>
	)
}

// Puts the chosen picture (with its title as alt text) or a link to the file at the cursor.
function insertMedia(editor: Editor, chosen: Item, text: string, isPhoto: boolean) {
	// Never replace a selected picture: go on in a paragraph beside it.
	const besideSelectedNode = () =>
		void (editor.state.selection instanceof NodeSelection && editor.commands.createParagraphNear())
	besideSelectedNode()
	if (isPhoto) {
		const photo = chosen as PhotoItem
		editor
			.chain()
			.focus()
			.setImage({
				src: photo.url,
				alt: text,
				title: text,
				width: photo.width || undefined,
				height: photo.height || undefined,
			})
			.run()
		return besideSelectedNode()
	}
	editor
		.chain()
		.focus()
		.insertContent({ type: 'text', text: fileLinkText(text), marks: [{ type: 'link', attrs: { href: chosen.url } }] })
		.insertContent(' ')
		.run()
}

type PickerProps = {
	isPhotos: boolean
	items: Item[] | null
	hasFailed: boolean
	chosen: Item | null
	onChoose: (item: Item) => void
}

// What is uploaded already: pictures as thumbnails, files by title, name and size.
function MediaPicker({ isPhotos, items, hasFailed, chosen, onChoose }: PickerProps) {
	const { locale, t } = useAdminI18n()
	if (hasFailed)
		return (
			<p role="alert" className="text-sm text-red-700">
				{t('editor.pickerFailed')}
			</p>
		)
	if (items === null || items.length === 0)
		return <p className="text-sm text-slate-600">{t(items ? 'editor.pickerEmpty' : 'editor.pickerLoading')}</p>
	const choice = (item: Item, className: string, face: React.ReactNode) => (
		<li key={item.id}>
			<Button
				variant="bare"
				type="button"
				aria-pressed={chosen?.id === item.id}
				onClick={() => onChoose(item)}
				className={className}
			>
				{face}
			</Button>
		</li>
	)
	if (isPhotos)
		return (
			<ul className="flex flex-wrap gap-2">
				{(items as PhotoItem[]).map((photo) =>
					choice(
						photo,
						'block rounded p-0.5 outline-offset-2 focus-visible:outline-2 focus-visible:outline-teal-700 aria-pressed:ring-4 aria-pressed:ring-teal-700',
						<img
							src={photo.thumb ?? photo.url}
							alt={photo.title || photo.name}
							width={96}
							height={72}
							className="h-[72px] w-24 object-cover"
						/>,
					),
				)}
			</ul>
		)
	return (
		<ul className="grid gap-1">
			{(items as ContentFileItem[]).map((file) =>
				choice(
					file,
					'flex w-full flex-wrap justify-between gap-2 rounded px-2 py-1 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 aria-pressed:bg-teal-800 aria-pressed:text-white',
					<>
						<span className="font-medium">{file.title}</span>
						<span className="text-sm">
							{file.name} · {formatFileSize(file.size, locale)}
						</span>
					</>,
				),
			)}
		</ul>
	)
}
