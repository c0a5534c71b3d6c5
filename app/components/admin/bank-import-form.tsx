import { useState } from 'react'
import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { inlineInputClass, Input } from '#app/components/ui/input.tsx'
import { Section } from '#app/components/admin/section.tsx'
import { guessLayout, PREVIEW_BYTES, previewBankFile, type BankPreview } from '#app/models/invoice/bank-preview.ts'
import type { BankCsvLayout } from '#database/enums.ts'

type Problem = { line: number; reason: string } | null
type Part = keyof BankCsvLayout
const PARTS: Part[] = ['date', 'text', 'amount']
const COLUMN_CHOICES = Array.from({ length: 12 }, (_, index) => index)

// The bank's CSV and which of its columns hold the date, the text and the amount. Once a file is
// chosen, its first rows show under its own header, and the columns are those remembered for that
// bank's header, else guessed from the names and the values; without script, the column numbers.
export function BankImportForm({
	layout,
	byBank,
	problem,
}: {
	layout: BankCsvLayout
	byBank: Record<string, BankCsvLayout>
	problem: Problem
}) {
	const { t } = useAdminI18n()
	const [preview, setPreview] = useState<BankPreview | null>(null)
	const [chosen, setChosen] = useState(layout)
	const [isRemembered, setIsRemembered] = useState(false)
	const look = async (file: File | undefined) => {
		const read = file ? previewBankFile(new Uint8Array(await file.slice(0, PREVIEW_BYTES + 1).arrayBuffer())) : null
		setPreview(read)
		const remembered = read?.signature ? byBank[read.signature] : undefined
		setIsRemembered(Boolean(remembered))
		setChosen(remembered ?? (read && guessLayout(read)) ?? layout)
	}
	const choices = preview ? Array.from({ length: preview.columns }, (_, index) => index) : COLUMN_CHOICES
	const nameOf = (index: number) => {
		const name = preview?.header?.[index]
		return name ? t('bank.columnNamed', { number: index + 1, name }) : t('bank.columnNumber', { number: index + 1 })
	}
	return (
		<Section id="bank-import-title" title={t('bank.import')}>
			<p className="text-sm text-slate-700">{t('bank.importHint')}</p>
			{problem && (
				<p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900" data-bank-problem>
					{problem.line > 0
						? t(`bank.error.${problem.reason}`, { line: problem.line })
						: t(`bank.error.${problem.reason}`)}
				</p>
			)}
			<Form method="post" encType="multipart/form-data" className="space-y-3">
				<AuthenticityTokenInput />
				<div className="flex flex-wrap items-end gap-3">
					<label className="text-sm font-medium">
						<span className="mb-1 block">{t('bank.file')}</span>
						<Input
							variant="bare"
							type="file"
							name="file"
							accept=".csv,.txt,text/csv"
							required
							className="block max-w-full"
							onChange={(event) => void look(event.currentTarget.files?.[0])}
						/>
					</label>
					{PARTS.map((part) => (
						<label key={part} className="text-sm font-medium">
							<span className="mb-1 block">{t(`bank.column.${part}`)}</span>
							<select
								name={part}
								value={chosen[part]}
								onChange={(event) => setChosen({ ...chosen, [part]: Number(event.currentTarget.value) })}
								className={inlineInputClass}
							>
								{choices.map((index) => (
									<option key={index} value={index}>
										{nameOf(index)}
									</option>
								))}
							</select>
						</label>
					))}
					<Button type="submit">{t('bank.read')}</Button>
				</div>
				{preview && <PreviewTable preview={preview} chosen={chosen} isRemembered={isRemembered} />}
			</Form>
		</Section>
	)
}

function PreviewTable({
	preview,
	chosen,
	isRemembered,
}: {
	preview: BankPreview
	chosen: BankCsvLayout
	isRemembered: boolean
}) {
	const { t } = useAdminI18n()
	const columns = Array.from({ length: preview.columns }, (_, index) => index)
	const partOf = (index: number) => PARTS.find((part) => chosen[part] === index)
	return (
		<div data-bank-preview>
			<p className="text-sm text-slate-700">{t(isRemembered ? 'bank.previewRemembered' : 'bank.previewGuessed')}</p>
			<div className="overflow-x-auto">
				<table className="mt-2 min-w-full border border-slate-300 text-sm">
					<caption className="sr-only">{t('bank.preview')}</caption>
					<thead className="bg-slate-100">
						<tr>
							{columns.map((index) => (
								<th
									key={index}
									scope="col"
									className="px-2 py-1 text-left font-semibold"
									data-column-part={partOf(index) ?? ''}
								>
									{preview.header?.[index] || t('bank.columnNumber', { number: index + 1 })}
									{partOf(index) && (
										<span className="block font-normal text-teal-900">{t(`bank.column.${partOf(index)!}`)}</span>
									)}
								</th>
							))}
						</tr>
					</thead>
					<tbody>
						{preview.rows.map((row, at) => (
							<tr key={at} className="border-t border-slate-200">
								{columns.map((index) => (
									<td key={index} className={`px-2 py-1 ${partOf(index) ? 'bg-teal-50' : ''}`}>
										{row[index] ?? ''}
									</td>
								))}
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</div>
	)
}
