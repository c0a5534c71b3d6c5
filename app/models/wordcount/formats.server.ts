import type { Format } from '#app/models/wordcount/format.server.ts'
import { doc } from '#app/models/wordcount/formats/doc.server.ts'
import { docx } from '#app/models/wordcount/formats/docx.server.ts'
import { iwork } from '#app/models/wordcount/formats/iwork.server.ts'
import { odf } from '#app/models/wordcount/formats/odf.server.ts'
import { pdf } from '#app/models/wordcount/formats/pdf.server.ts'
import { ppt } from '#app/models/wordcount/formats/ppt.server.ts'
import { pptx } from '#app/models/wordcount/formats/pptx.server.ts'
import { rtf } from '#app/models/wordcount/formats/rtf.server.ts'
import { subtitles } from '#app/models/wordcount/formats/subtitles.server.ts'
import { svg, text } from '#app/models/wordcount/formats/text.server.ts'
import { xls } from '#app/models/wordcount/formats/xls.server.ts'
import { xlsx } from '#app/models/wordcount/formats/xlsx.server.ts'

// Every document format whose words are counted: one row each (formats/*.server.ts).
export const FORMATS: readonly Format[] = [text, subtitles, svg, rtf, docx, xlsx, pptx, odf, doc, pdf, ppt, xls, iwork]

const BY_EXTENSION = new Map(FORMATS.flatMap((format) => format.extensions.map((extension) => [extension, format])))

export const formatOf = (extension: string): Format | undefined => BY_EXTENSION.get(extension.toLowerCase())
