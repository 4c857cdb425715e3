/** A small PCM WAV file for upload tests: 8 kHz mono 16-bit, a quiet 440 Hz tone `ms` long. */
export function wavFile(ms: number): Buffer {
  const samples = Math.round(ms * 8)
  const b = Buffer.alloc(44 + samples * 2)
  b.write('RIFF', 0, 'latin1')
  b.writeUInt32LE(36 + samples * 2, 4)
  b.write('WAVEfmt ', 8, 'latin1')
  b.writeUInt32LE(16, 16)
  b.writeUInt16LE(1, 20)
  b.writeUInt16LE(1, 22)
  b.writeUInt32LE(8000, 24)
  b.writeUInt32LE(16000, 28)
  b.writeUInt16LE(2, 32)
  b.writeUInt16LE(16, 34)
  b.write('data', 36, 'latin1')
  b.writeUInt32LE(samples * 2, 40)
  for (let i = 0; i < samples; i++) b.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / 8000)), 44 + i * 2)
  return b
}
