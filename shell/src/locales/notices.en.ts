/** The regional notices' copy (merged into the `shell` namespace); `local` is the region's own language in both catalogues. */
const noticesEn = {
  regionNotice: {
    feedback: 'Send us feedback',
    gotIt: 'Got it',
    BR: {
      title: 'For people in Brazil',
      text: 'Storyverse handles your personal data under Brazil’s data protection law (LGPD). You can ask for a copy of your data or delete your account in Settings, and people under 18 play in youth mode.',
      local:
        'O Storyverse trata seus dados pessoais conforme a LGPD. Você pode pedir uma cópia dos seus dados ou excluir sua conta em Configurações, e menores de 18 anos usam o modo jovem.',
    },
    ID: {
      title: 'For people in Indonesia',
      text: 'Some stories and features are not available in Indonesia under local regulations, and people under 18 play in youth mode. Tell us if something you need is missing.',
      local:
        'Beberapa cerita dan fitur tidak tersedia di Indonesia sesuai peraturan setempat, dan pengguna di bawah 18 tahun bermain dalam mode remaja. Beri tahu kami jika ada yang kamu butuhkan.',
    },
  },
};
export default noticesEn;
