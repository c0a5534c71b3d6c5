import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { formatFileSize } from '#app/utils/format.ts'

export type FileItem = {
	id: string | number
	name: string
	size?: number
	note?: string
	detail?: React.ReactNode
	// Where staff download it; without it the name is plain text (a file gone from the disk).
	href?: string
}

// Files of a request or an order: name (a download where there is one), size, a short note
// (deleted), and a line of detail.
export function FileList({ files, empty }: { files: FileItem[]; empty?: string }) {
	const { locale } = useAdminI18n()
	return (
		<ul className="list-disc pl-5">
			{files.map((file) => (
				<li key={file.id}>
					{file.href ? (
						<a href={file.href} className="wrap-anywhere text-teal-900 underline" download>
							{file.name}
						</a>
					) : (
						<span className="wrap-anywhere">{file.name}</span>
					)}
					{file.size === undefined ? '' : ` (${formatFileSize(file.size, locale)})`}
					{file.note ? ` · ${file.note}` : ''}
					{file.detail}
				</li>
			))}
			{files.length === 0 && empty && <li className="list-none text-slate-600">{empty}</li>}
		</ul>
	)
}
