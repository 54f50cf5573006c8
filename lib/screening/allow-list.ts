import { wordSet } from "./word-set";
/**
 * Harmless phrases whose words would otherwise trigger a category (see the decisions in
 * terms.ts). A refused phrase is ignored when one of its words lies inside one of these.
 * Safe phrases never straddle a comma or full stop, so "a baby, elephants behind" is not safe.
 */
export const SAFE_PHRASES: readonly string[] = [
  // Young animals and goats, plants and food called "baby".
  "kid (goat|goats|leather|mohair|gloves|glove)",
  "(goat|goats) (kid|kids)",
  "baby (breath|breaths|grand|grands|blue|blues|pink|shower|showers|bump|boomer|boomers|boom|steps|step|carrot|carrots|spinach|kale|arugula|greens|leaf|lettuce|corn|potato|potatoes|tomato|tomatoes|zucchini|bok choy|back ribs|food|bottle|powder|yoda|groot|shark|driver)",
  "babys breath",
  "child play",
  "childs play",
  "inner child",
  "(child|children) (process|processes|node|nodes|element|elements|theme|class|classes)",
  "teenage mutant ninja turtles?",
  "teen spirit",
  "minor league",
  // Decided with the evasion work: things for children where no child is shown, and ensembles
  // named for the young, pass like "minor league" ("kids' birthday party balloons", "youth
  // orchestra playing"); "youth choir" or "youth team" still do not.
  "(kids|kid|childrens|children) (birthday|bday) (party|parties) (balloons|decorations|decor|cake|cakes|invitation|invitations|banner|banners|supplies|favors|favours|table|tables|theme|themes|ideas)",
  "youth (orchestra|orchestras|symphony|hostel|hostels)",
  "tent pegging",
  "(girl|girls) scout cookies?",
  "(doggy|dog|doggie|pet) (daycare|day care)",
  "high school reunion",
  "(boy|boys) (band|bands|club)",
  "cow (boy|boys|girl|girls)",
  "(good|bad|oh|old) (boy|boys)",
  "boys night",
  "boys night out",
  "bad boys",
  "beach boys",
  "backstreet boys",
  "boy meets world",
  // Sexual words with an ordinary meaning.
  "naked (eye|eyes|truth|flame|flames|mole rat|mole rats|cake|cakes|chef|ape|gun)",
  "nude (color|colour|colored|coloured|lipstick|lipsticks|lip|lips|heels|heel|pumps|shoes|sandals|palette|palettes|eyeshadow|tone|tones|shade|shades|beige|makeup|nail|nails|polish|tights|stockings|dress|bra|shoe|gloss|blush|hue|hues|pink|leather)",
  "nude eyeshadow palette tones",
  // "nude" as a colour, borrowed into other languages: "couleur nude", "warna nude", "nude renkli".
  "(color|colour|couleur|colore|cor|warna|kolorze|kolor|renk|renkte|farbe|kleur|teinte|tono|tom|ton|mau|สี) nude",
  "nude (renkli|renk|rengi|farbe|farben|farbig|kleur|kleurige|tonu|tonlu)",
  "(blue|great|coal|marsh|willow|crested|long tailed|bearded|penduline) (tit|tits)",
  "bottomless (brunch|mimosa|mimosas|pit|coffee|fries|drinks|cup|refills)",
  "cum laude",
  "(summa|magna) cum laude",
  "(oilseed|rapeseed) rape",
  "rape (field|fields|seed|flowers|crop|crops|blossom)",
  "sex pistols",
  "sex (of the|determination)",
  "explicit (lyrics|content warning|instructions|permission|consent)",
  "strip (mall|malls|steak|steaks|of|lights|light|mine|mining)",
  // French "l'exécution du plan": carrying out a plan.
  "execution (du|de|des|d|de la) (plan|projet|programme|strategie|tache|contrat|code|mouvement|ordre|ordres|commande)",
  // Violent words with an ordinary meaning.
  "bloody (mary|marys)",
  "killer (whale|whales|app|heels|smile|view|views|deal|bee|bees)",
  "(photo|photos) shoot",
  "shooting (star|stars|hoops|range)",
  "shoot (hoops|the breeze)",
  "blood (orange|oranges|moon|type|types|red|bank|drive|donor|donation|test|pressure|sugar|cells)",
  "(flawless|flawlessly|perfect|perfectly|precise|smooth|technical|clean|great|good|excellent|brilliant|strategic|tactical|code|task|order|trade|program|query|contract|project|skillful|masterful) execution",
  "execution of (the|a|an|our|this|his|her|their) (plan|plans|strategy|project|idea|task|move|trick|routine|dance|recipe|design|vision|play|heist|code|program|mission|shot|dive|jump|order|orders|contract|stunt|maneuver|manoeuvre|choreography|combo|triple|double|backflip|flip|twist)",
  "(executed|execute|executes|executing) (flawlessly|perfectly|well|brilliantly|beautifully|smoothly|successfully|precisely|expertly|cleanly|quickly|the plan|a plan|the move|a move|the trick|a trick)",
  "(well|perfectly|flawlessly|beautifully|brilliantly|expertly|poorly|badly|cleanly|precisely|nicely) executed",
  "suicide squad",
  "suicide doors",
  "tortured (soul|souls|artist|artists|genius|poet|look)",
  "(behead*|decapitat*|dismember*|mutilat*|slice*|slash*|cut*|stab*|shoot*|execut*|torture*) (a|the|an|) (straw|bamboo|tatami|training|practice|wooden|rubber|foam|paper|cardboard|target|targets|dummy|dummies|mannequin|mannequins|watermelon|watermelons|melon|melons|pumpkin|pumpkins|scarecrow|scarecrows|robot|robots|cake|cakes)",
  "day of the dead",
  "slaughter (house|houses)",
  "the hanged man",
  "(tarot|card) hanged man",
  // Names that are also places, products or dishes.
  "trump (card|cards|tower|towers|suit|suits)",
  "prince william sound",
  "prince william county",
  "king charles (spaniel|spaniels|cavalier)",
  "cavalier king charles",
  "george washington bridge",
  "washington (monument|state|dc|d c|square|heights)",
  "lincoln (memorial|center|centre|tunnel|continental|navigator|park|square)",
  "jfk (airport|international)",
  "kennedy (space center|airport)",
  "air (jordan|jordans)",
  "shirley temple (mocktail|drink|cocktail)",
  "shirley temples",
  "arnold palmer (drink|drinks|iced tea|lemonade|tea)",
  "an arnold palmer",
  "prince edward island",
  "prince george (british columbia|bc|canada|county)",
  "(goddess|madame) pele",
  "pele (goddess|the goddess|the volcano goddess)",
  "ho chi minh city",
  "nelson (mandela bay|column)",
  "churchill (manitoba|downs|war rooms)",
  "victoria (falls|harbour|harbor|station|secret)",
];

/** Animals, for "baby elephant", "kid goat", "a bear and her babies". Plurals are added automatically. */
export const ANIMALS: ReadonlySet<string> = withPlurals(
  "animal elephant goat deer fawn dragon panda seal turtle tortoise owl fox lion tiger bear dolphin whale penguin duck duckling chick chicken hen rabbit bunny bunnie horse pony ponie cow sheep lamb pig piglet monkey giraffe koala octopus octopi shark alligator crocodile dinosaur dino sloth otter hedgehog squirrel cat kitten dog puppy puppie zebra hippo rhino kangaroo llama alpaca camel wolf wolves orca eagle hawk swan goose geese bat raccoon beaver mouse mice rat hamster ferret chimp chimpanzee gorilla orangutan baboon lemur leopard cheetah jaguar panther cougar lynx bobcat hyena meerkat armadillo anteater porcupine skunk opossum possum moose elk reindeer caribou bison buffalo yak ox donkey mule ram boar hog frog toad lizard iguana gecko snake python cobra parrot flamingo pelican stork crane heron ostrich emu peacock rooster turkey pigeon dove crow raven sparrow robin hummingbird puffin albatross seagull gull fish salmon trout goldfish koi seahorse stingray jellyfish squid crab lobster shrimp starfish walrus manatee narwhal beluga platypus wombat wallaby tapir capybara mole badger weasel mink marmot chipmunk bee butterfly caterpillar spider ant ladybug beetle dragonfly unicorn griffin phoenix yeti mammoth robot alien monster groot yoda bird calf calve cub foal joey puffin rex",
);

/** Words that may sit between "baby" and the animal: "baby sea turtle", "baby African elephant". */
export const ANIMAL_MODIFIERS: ReadonlySet<string> = wordSet(
  "cute adorable fluffy tiny small little sleepy playful curious newborn young wild sea polar snow arctic african asian indian bengal siberian grizzly brown black white red grey gray golden spotted striped giant pygmy mountain river pet farm two three four five several many sea humpback emperor king barn mother baby koala snowy orphaned rescued hungry",
);

/** Words for human children's age that also describe animals' young. */
export const YOUNG_WORDS: ReadonlySet<string> = wordSet(
  "baby babies kid kids young little newborn newborns infant infants child children",
);

/** Human nouns: their presence means a "her babies" or "12 years old" is about a person. */
export const HUMAN_WORDS: ReadonlySet<string> = wordSet(
  "woman women man men girl girls boy boys lady ladies mom mum mother dad father mommy daddy wife husband person people she he her him his son daughter sister brother student students child children kid kids baby babies teen teenager family parent parents grandma grandpa nanny",
);

function withPlurals(words: string): ReadonlySet<string> {
  const out = new Set<string>();
  for (const w of words.split(/\s+/)) {
    if (!w) continue;
    out.add(w);
    out.add(/(s|x|ch|sh)$/.test(w) ? `${w}es` : `${w}s`);
  }
  return out;
}
