/** Icons for the web app manifest and iOS, generated from public/icon.svg at build time. */
import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config'

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, padding: 0.3, resizeOptions: { background: '#0E7A5F' } },
    apple: { ...minimal2023Preset.apple, padding: 0.3, resizeOptions: { background: '#0E7A5F' } },
  },
  images: ['public/icon.svg'],
})
