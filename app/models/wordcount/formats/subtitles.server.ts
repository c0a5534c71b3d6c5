import { decodeText } from '#app/models/wordcount/decode.server.ts'
import { anyBytes, plain, type Format } from '#app/models/wordcount/format.server.ts'

// The words of subtitles are their cues' text: not the numbers, timings, WEBVTT header,
// notes or styles, nor the markup inside cues.
export function extractCues(text: string): string {
	const lines: string[] = []
	let inBlock: 'cue' | 'skip' | null = null
	for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
		const line = raw.trim()
		if (!line) {
			inBlock = null
			continue
		}
		if (inBlock === 'skip') continue
		if (/^(WEBVTT|NOTE|STYLE|REGION)\b/.test(line)) {
			inBlock = 'skip'
			continue
		}
		if (line.includes('-->')) {
			inBlock = 'cue'
			continue
		}
		if (inBlock === 'cue') lines.push(line.replace(/<[^<>]*>/g, '').replace(/\{\\[^{}]*\}/g, ''))
	}
	return lines.join('\n')
}

// The running time of subtitles: the end of the last cue, in minutes.
export function subtitleMinutes(text: string): number {
	let last = 0
	for (const match of text.matchAll(/-->\s*(?:(\d+):)?(\d{1,2}):(\d{2})[,.](\d{1,3})/g)) {
		const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]) + Number(match[4]) / 1000
		last = Math.max(last, seconds)
	}
	return Math.round((last / 60) * 10) / 10
}

export const subtitles: Format = {
	extensions: ['srt', 'vtt'],
	sniff: anyBytes,
	extract: (bytes) => {
		const source = decodeText(bytes)
		return { ...plain(extractCues(source)), minutes: subtitleMinutes(source) }
	},
}
