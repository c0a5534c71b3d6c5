// The spec's accepted upload extensions, exactly and in its order.
export const ACCEPTED_EXTENSIONS = [
	'pdf', 'docx', 'doc', 'txt', 'rtf', 'odt', 'pages', 'jpg', 'jpeg', 'png', 'xlsx', 'xls', 'csv', 'ods', 'numbers',
	'pptx', 'ppt', 'indd', 'eps', 'svg', 'mp4', 'mov', 'avi', 'srt', 'vtt', 'mp3', 'wav', 'flac', 'heic',
] as const
