/**
 * The demo stories a fresh install offers players. Written for the product: short, original, and playable without a
 * model. Each chapter's objective asks for concrete acts on concrete things (clean the brass burner, take the
 * silver key) because the offline director moves the story on when the player does them (see ai/chat/objective.ts).
 * Characters' styles are sample lines, which the offline storyteller speaks in their replies.
 */

export interface DemoCharacter {
  /** Stable within the story, so mentions in chapters can name the character. */
  id: string;
  name: string;
  settings: string;
  style: string;
  voice: string;
  /** What the character's generated portrait shows. */
  portrait: string;
}

export interface DemoChapter {
  id: string;
  /** Chapter titles are hidden from players and cannot contain spaces (spec section 5). */
  name: string;
  content: string;
  /** The chapter's objective; the last chapter's is the ending players reach. At most 100 characters. */
  objective: string;
  /** The chapter's background music (a `bgm_list` vid). */
  bgm?: string;
}

export interface DemoStory {
  name: string;
  introduction: string;
  summary: string;
  /** What the generated cover shows. */
  cover: string;
  style: 'anime' | 'watercolor' | 'cinematic';
  player: { name: string; settings: string };
  prologue: { speaker: string; content: string };
  characters: DemoCharacter[];
  chapters: DemoChapter[];
}

export const DEMO_STORIES: readonly DemoStory[] = [
  {
    name: 'The Last Lamp of Gullrock',
    introduction:
      'A storm is rolling in, the old lighthouse has gone dark, and a fishing boat is somewhere out past the reef. You are the relief keeper, and tonight is your first night.',
    summary: 'A relief keeper relights a failing lighthouse and talks a lost boat home through a storm.',
    cover: 'lighthouse on a rocky island in a storm, warm beam of light',
    style: 'watercolor',
    player: {
      name: 'Wren',
      settings: 'A new relief keeper sent to Gullrock. Practical, a little afraid of heights, good with tools.',
    },
    prologue: { speaker: 'maren', content: "Storm's coming and the lamp has gone dark. You're the relief keeper? Good. Then climb, and mind the third step." },
    characters: [
      {
        id: 'maren',
        name: 'Maren Holt',
        settings:
          'The retired keeper of Gullrock, seventy and stubborn. She knows every bolt of the lamp but her hands shake now. Gruff, kind underneath, proud of the light.',
        style: 'Salt gets into everything, keeper. Everything. A lamp is a promise to every boat out there. Hands steady. Breathe. Then do it right.',
        voice: 'en_female_calm',
        portrait: 'old woman lighthouse keeper in oilskin coat',
      },
      {
        id: 'ezra',
        name: 'Ezra Quill',
        settings:
          'A radio operator who washed up at Gullrock last autumn and never left. Talks fast, jokes when scared, can fix any radio with a paperclip.',
        style: 'Static, static, and more static. Oh, that is a voice! Give me a minute and a paperclip and I will give you the whole ocean.',
        voice: 'en_male_warm',
        portrait: 'young man with headphones and an old radio set',
      },
    ],
    chapters: [
      {
        id: 'lamp',
        bgm: 'bgm_night_chase',
        name: 'DarkLamp',
        content:
          'The lamp room is cold and smells of kerosene. The brass burner is crusted with salt. The spare wick is in a tin under the bench. Maren watches from the stairs, arms folded.',
        objective: 'Clean the brass burner and fit a new wick so the lamp can burn again.',
      },
      {
        id: 'radio',
        bgm: 'bgm_night_chase',
        name: 'RadioCall',
        content:
          'The beam sweeps the water. Downstairs the radio crackles: the Marigold, a fishing boat, is lost near the reef. Ezra fights the static while the storm gets worse.',
        objective: 'Use the radio to guide the Marigold around the reef toward the beam.',
      },
      {
        id: 'dawn',
        bgm: 'bgm_first_light',
        name: 'Dawn',
        content:
          'The Marigold creeps along the channel. Waves break white on the reef. Maren climbs up to watch the beam one more time.',
        objective: 'The Marigold reaches the harbour safely, and Gullrock burns until dawn.',
      },
    ],
  },
  {
    name: "The Clockmaker's Debt",
    introduction:
      'Someone pawned a stolen pocket watch, and every clue points to a gentle old clockmaker. Inspector Finch has one night to find out why, and she has asked for your help.',
    summary: 'A small mystery in a clock shop: a stolen watch, a hidden key, and a debt that was never about money.',
    cover: 'victorian clock shop at night, brass gears and lamplight',
    style: 'cinematic',
    player: {
      name: 'Sam',
      settings: "Inspector Finch's new assistant. Observant, polite, notices small details others miss.",
    },
    prologue: { speaker: 'adah', content: 'Half past nine. The shop should be shut, yet every clock inside is still ticking. Keep your eyes open.' },
    characters: [
      {
        id: 'adah',
        name: 'Adah Finch',
        settings: 'A sharp, patient police inspector who prefers questions to accusations. Dry humour, a notebook she never closes.',
        style: 'Facts first, feelings later. Interesting. Write that down. Nobody lies about the small things, so ask about the small things.',
        voice: 'en_female_bright',
        portrait: 'detective woman in long coat holding a notebook',
      },
      {
        id: 'silas',
        name: 'Silas Brandt',
        settings: 'An elderly clockmaker, soft-spoken and nervous. He is hiding something to protect someone he owes a great deal.',
        style: 'Every clock has a reason to stop, you know. Please, mind the pendulum. I only wanted to put things right.',
        voice: 'en_male_deep',
        portrait: 'elderly clockmaker with magnifying spectacles',
      },
      {
        id: 'oriel',
        name: 'Madame Oriel',
        settings: 'The pawnbroker across the street. Theatrical, curious, fond of gossip and fair deals.',
        style: 'Darling, everything has a price, even secrets. Oh, I never forget a face. Or a ticket number.',
        voice: 'en_female_calm',
        portrait: 'glamorous pawnbroker woman with rings and a feathered hat',
      },
    ],
    chapters: [
      {
        id: 'shop',
        name: 'TheShop',
        content:
          'Dozens of clocks tick out of step. A tall cuckoo clock by the counter has stopped at midnight. Silas hovers near it, wringing his hands.',
        objective: 'Open the cuckoo clock and take the silver key hidden inside.',
      },
      {
        id: 'pawn',
        name: 'Pawnshop',
        content:
          "Across the street, Madame Oriel's shop glows with lamps. The ledger lies open on her desk, and the pocket watch sits in a glass case.",
        objective: 'Show Madame Oriel the silver key and read the pawn ledger to learn who sold the watch.',
      },
      {
        id: 'truth',
        name: 'Confession',
        content: 'Back in the clock shop, Silas waits by the cold stove. Finch closes the door softly so the two of you can talk with him.',
        objective: 'Silas confesses, the watch goes home to its owner, and the old debt is forgiven.',
      },
    ],
  },
  {
    name: 'Orbit of Small Things',
    introduction:
      'You wake from cold sleep on a quiet research station. The lights are dim, the air is thin, and the only voice awake is the station itself.',
    summary: 'A crew member wakes early on a failing station and, with its patient AI, brings the garden back to life.',
    cover: 'space station garden module with plants and a blue planet outside',
    style: 'anime',
    player: {
      name: 'Kai',
      settings: 'A botanist on the station, woken from cold sleep ahead of schedule. Curious and calm under pressure.',
    },
    prologue: { speaker: 'halcy', content: 'Good morning, Kai. Apologies for the early wake-up. Oxygen is at sixty-one percent and falling. Shall we?' },
    characters: [
      {
        id: 'halcy',
        name: 'HALCY',
        settings: 'The station intelligence. Polite, precise, quietly fond of the crew and of the garden it has tended alone for a year.',
        style: 'Noted. I have prepared three options, and two of them are good. Your heart rate is elevated. That is understandable.',
        voice: 'en_narrator',
        portrait: 'friendly glowing station AI avatar, soft blue light',
      },
      {
        id: 'rhea',
        name: 'Rhea Sato',
        settings: 'The station engineer, still half asleep in the next pod. Blunt, funny, fiercely competent once she has had coffee.',
        style: 'Hand me the long wrench. No, the long one. If it rattles, it is fine. If it hisses, run.',
        voice: 'en_female_bright',
        portrait: 'engineer woman in a flight suit with a tool belt',
      },
    ],
    chapters: [
      {
        id: 'air',
        name: 'WakeUp',
        content:
          'Frost on the pod glass. A red light blinks above the life-support panel. The scrubber valve is jammed half shut and the air tastes stale.',
        objective: 'Restore the oxygen by resetting the scrubber valve in life support.',
      },
      {
        id: 'mirror',
        name: 'Garden',
        content:
          'The garden module is dark. A solar mirror outside has drifted off its track, and the tomato vines are pale. Rhea joins you with a toolbox and a mug.',
        objective: 'Repair the solar mirror so sunlight reaches the garden again.',
      },
      {
        id: 'bloom',
        name: 'Bloom',
        content: 'Light floods the module. The crew pods begin their wake cycle one by one while HALCY counts them out loud.',
        objective: 'The station hums back to life, and the crew wakes to green leaves and sunlight.',
      },
    ],
  },
  {
    name: 'Tea with the Fox Spirit',
    introduction:
      'On the night of the lantern festival, a fox spirit has taken the moon pearl that lights the river. The old teahouse keeper says the fox likes tea and clever riddles.',
    summary: 'A gentle folk tale: win a fox spirit over with tea and a riddle, and bring back the light of the festival.',
    cover: 'fox spirit with lanterns beside a riverside teahouse at night',
    style: 'watercolor',
    player: {
      name: 'Hana',
      settings: 'A traveller who stopped at the teahouse for one cup and stayed for the festival. Kind and quick-witted.',
    },
    prologue: { speaker: 'ume', content: 'The river is dark, child, and the festival waits. Sit. The fox will come for tea, she always does.' },
    characters: [
      {
        id: 'ume',
        name: 'Grandmother Ume',
        settings: 'The keeper of the riverside teahouse. Patient, wise, full of old stories, and the only one the fox spirit respects.',
        style: 'Water first, then leaves, then patience. Hmm, good. Old foxes and old women both like to be surprised.',
        voice: 'en_female_calm',
        portrait: 'kind old woman in a kimono pouring tea',
      },
      {
        id: 'hoshiyo',
        name: 'Hoshiyo',
        settings: 'A nine-tailed fox spirit, playful and proud. She took the moon pearl because nobody has invited her to the festival in a hundred years.',
        style: 'Oh? A guest who is not afraid of me? How rude. How delightful. Ask me properly, and perhaps I will answer.',
        voice: 'en_female_bright',
        portrait: 'elegant nine-tailed fox spirit with glowing eyes',
      },
    ],
    chapters: [
      {
        id: 'tea',
        name: 'Teahouse',
        content:
          'Steam rises from the kettle. A tin of jasmine leaves sits on the shelf. Two golden eyes watch from the shadows beneath the eaves.',
        objective: 'Brew jasmine tea and tell Hoshiyo a riddle to earn her trust.',
      },
      {
        id: 'bridge',
        name: 'MoonBridge',
        content:
          'Hoshiyo leads you to the moon bridge. The pearl glows in her paws. Below, the villagers wait with unlit lanterns.',
        objective: 'Hoshiyo returns the moon pearl and joins the festival as the lanterns light the river.',
      },
    ],
  },
];
