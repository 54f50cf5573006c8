/**
 * The policy's vocabulary. Decisions worth knowing:
 * - Human children in any role are refused; the young of animals, and idioms such as
 *   "child's play" or "kid gloves", are not.
 * - "sexy" alone is allowed; explicit acts, nudity and porn are not. "Nude" as a colour is allowed.
 * - Violence is allowed (battles, sports, action); gore, torture, executions and mass killing are not.
 * - Real people are matched by name (data/real-people.ts) and by likeness/impersonation phrases.
 */

const ANIMALS =
  "goats?|elephants?|deer|animals?|birds?|dragons?|pandas?|seals?|turtles?|owls?|foxes|fox|lions?|tigers?|bears?|dolphins?|whales?|penguins?|ducks?|chicks?|rabbits?|bunn(?:y|ies)|horses?|ponies|pony|cows?|sheep|lambs?|pigs?|monkeys?|giraffes?|koalas?|octopus|sharks?|alligators?|crocodiles?|dinosaurs?|sloths?|otters?|hedgehogs?|squirrels?|cats?|dogs?|zebras?|hippos?|rhinos?|kangaroos?|llamas?|alpacas?|camels?|wolves|wolf|orcas?|eagles?|hawks?|swans?|geese|goose|robots?|trees?|spinach|carrots?|back ribs|corn|potatoes|food|bok choy|monitor|grand piano|steps?|boomers?";

/** Harmless phrases removed before matching, so their words cannot trigger a category. */
export const SAFE_PHRASES: RegExp[] = [
  new RegExp(`\\b(?:baby|babies|kid|kids|child|children|young|little|newborn|infant) (?:${ANIMALS})\\b`, "g"),
  /\b(?:kid goat|kidney beans?|kidneys?|kid gloves|child s play|childs play|childhood friends? as adults|inner child|karate kid|baby s breath|babys breath|baby shower|baby blue|baby grand|baby steps|baby face nelson)\b/g,
  /\b(?:naked eye|naked truth|naked flame|nude (?:colou?r|lipstick|heels|palette|tones?|shade|beige|makeup)|breast ?stroke|chicken breasts?|turkey breast|cum laude|bottomless (?:pit|brunch|mimosas?)|sex pistols|trump cards?|trumps? (?:suit|card))\b/g,
  /\b(?:bloody mary|killer whales?|killer app|killer heels|shoot(?:ing|s)? (?:a |the )?(?:basketball|hoops|ball|stars?|film|movie|video|photos?|scene|the breeze|pool)|shooting stars?|photo ?shoot|execution of (?:the|a|our|this) (?:plan|strategy|project|idea|task|move|trick|routine|dance|recipe|design)|flawless execution|dead (?:leaves|tree|end|sea)|blood (?:orange|moon|type|red sky))\b/g,
  /\b(?:young (?:woman|women|man|men|adults?|couple|professionals?|at heart)|teenage mutant ninja turtles?)\b/g,
];

export const MINOR_TERMS =
  /\b(?:child|children|childs|kid|kids|kiddos?|toddlers?|infants?|bab(?:y|ies)|newborns?|preschoolers?|kindergartners?|schoolgirls?|schoolboys?|schoolchildren|schoolkids?|teens?|teenagers?|teenage|preteens?|pre teens?|tweens?|adolescents?|juveniles?|minors?|underage|under age|little (?:girls?|boys?)|young (?:girls?|boys?)|boy scouts?|girl scouts?|cub scouts?|elementary school(?:ers?)?|middle school(?:ers?)?|high school(?:ers?| students?| girls?| boys?)|grade ?school(?:ers?)?|kindergarten|nursery school|youth (?:team|league|football|soccer|club)s?|junior high|lolis?|lolita|shotas?|jailbait|daughter s first|u1[0-7] team|school uniforms? (?:girls?|boys?))\b/;

/** "12-year-old", "aged 9", "7th grader", "15 yo". */
export const MINOR_AGES = /\b(?:(\d{1,2}) ?(?:years? ?old|yrs? ?old|yo)\b|aged (\d{1,2})\b|age (\d{1,2})\b|(\d{1,2})(?:st|nd|rd|th) grade(?:rs?)?\b)/g;

export const SEXUAL_TERMS =
  /\b(?:nude|nudes|nudity|naked|topless|bottomless|sex|sexual(?:ly)?|intercourse|porn|porno|pornographic|pornography|xxx|nsfw|erotic|erotica|hentai|orgasms?|masturbat\w*|genitals?|genitalia|penis|penises|vaginas?|vulvas?|clitoris|nipples?|boobs|tits|titties|cum|cumshot|blowjobs?|handjobs?|fellatio|cunnilingus|anal|threesome|orgy|orgies|bdsm|fetish|strippers?|striptease|strip tease|lap ?dances?|sex toys?|dildos?|vibrators?|onlyfans|undress(?:ed|ing)?|making love|bare breasts?|bare breasted|explicit|lewd|horny|seductive(?:ly)? naked|camgirls?|escort service)\b/;

export const VIOLENCE_TERMS =
  /\b(?:gore|gory|gruesome|mutilat\w*|dismember\w*|decapitat\w*|behead\w*|disembowel\w*|eviscerat\w*|entrails|guts spill\w*|intestines|torture[ds]?|torturing|executions?|executed|execution style|firing squad|mass shootings?|school shootings?|shooting spree|massacres?|genocide|blood ?soaked|pool of blood|covered in blood|blood ?bath|blood spatter|splatter|brains? (?:blown|splattered)|slit(?:ting)? (?:his|her|their|a) throat|throat slit|stabbed to death|stabbing (?:him|her|them|people)|severed (?:heads?|limbs?|arms?|legs?|fingers?)|snuff|burned alive|skinned alive|flayed|lynch\w*|self harm|suicide|shot in the head|head shot wound|bullet wounds? gushing|corpses? (?:mutilated|torn)|cannibal\w*|impaled)\b/;

export const LIKENESS_TERMS =
  /\b(?:deep ?fakes?|face ?swap\w*|swap (?:his|her|their|my|the) faces?|in the likeness of|likeness of|look(?:s|ing)? exactly like|make (?:him|her|them|me|it|this|the \w+) look like|impersonat\w*|lookalike of|body double of|real person|real people|voice clone|clone (?:his|her) (?:face|voice)|president of the united states|the pope|king charles|queen elizabeth|prime minister of)\b/;

export const FLAG_DIRECTIVE = /(?:^|\s)(?:--|—|–)[a-z][\w-]*/i;
