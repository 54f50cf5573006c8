/**
 * Widely known real people, as "full name|alias|alias" in lower case without accents. A
 * single-word alias appears only where it is distinctive enough not to be an ordinary word.
 */
export const REAL_PEOPLE: readonly string[] = [
  // Heads of state, politicians
  "donald trump|trump|donald j trump", "joe biden|biden", "barack obama|obama", "michelle obama", "kamala harris", "hillary clinton", "bill clinton",
  "george w bush|george bush", "ronald reagan", "jimmy carter", "richard nixon", "john f kennedy", "abraham lincoln", "mike pence", "jd vance|j d vance",
  "nancy pelosi", "bernie sanders", "alexandria ocasio cortez|aoc", "ron desantis|desantis", "gavin newsom", "mitch mcconnell", "chuck schumer", "elizabeth warren",
  "vladimir putin|putin", "volodymyr zelensky|zelensky|zelenskyy", "xi jinping", "kim jong un", "kim jong il", "narendra modi|modi", "emmanuel macron|macron",
  "angela merkel|merkel", "olaf scholz|scholz", "friedrich merz", "rishi sunak", "boris johnson", "keir starmer", "theresa may", "liz truss", "tony blair", "margaret thatcher",
  "winston churchill|churchill", "justin trudeau|trudeau", "mark carney", "benjamin netanyahu|netanyahu", "recep tayyip erdogan|erdogan", "jair bolsonaro|bolsonaro",
  "lula da silva|luiz inacio lula da silva", "javier milei|milei", "giorgia meloni|meloni", "pedro sanchez", "viktor orban|orban", "ali khamenei|khamenei", "mohammed bin salman",
  "shinzo abe", "fumio kishida", "yoon suk yeol", "moon jae in", "andres manuel lopez obrador|amlo", "claudia sheinbaum", "cyril ramaphosa", "nelson mandela|mandela",
  "mahatma gandhi|gandhi", "adolf hitler|hitler", "joseph stalin|stalin", "mao zedong", "benito mussolini|mussolini", "saddam hussein", "osama bin laden", "muammar gaddafi|gaddafi",
  "fidel castro", "che guevara", "bashar al assad", "kim yo jong", "ursula von der leyen", "antonio guterres", "jacinda ardern", "anthony albanese", "scott morrison",
  "martin luther king|martin luther king jr", "malcolm x", "rosa parks", "imran khan", "shehbaz sharif", "sheikh hasina", "rahul gandhi", "sonia gandhi", "indira gandhi",
  // Royalty and religious leaders
  "king charles|charles iii", "queen elizabeth|elizabeth ii", "prince william", "prince harry", "kate middleton|catherine princess of wales", "meghan markle", "princess diana",
  "prince andrew", "prince george", "princess charlotte", "king felipe", "mohammed vi", "pope francis", "pope leo", "pope benedict", "pope john paul ii", "dalai lama", "patriarch kirill",
  // Business and technology
  "elon musk", "jeff bezos|bezos", "mark zuckerberg|zuckerberg", "bill gates", "steve jobs", "tim cook", "sundar pichai", "satya nadella", "sam altman", "jensen huang",
  "warren buffett", "larry page", "sergey brin", "larry ellison", "jack ma", "jack dorsey", "peter thiel", "richard branson", "bernard arnault", "mukesh ambani", "gautam adani",
  "susan wojcicki", "sheryl sandberg", "marissa mayer", "dario amodei", "demis hassabis", "masayoshi son", "michael bloomberg", "george soros", "vitalik buterin", "changpeng zhao|cz binance",
  "sam bankman fried|sbf", "brian armstrong", "mackenzie scott", "steve ballmer", "reed hastings", "bob iger", "mary barra", "lisa su", "andy jassy", "jamie dimon", "ken griffin",
  // Film and television
  "tom cruise", "brad pitt", "angelina jolie", "leonardo dicaprio|dicaprio", "johnny depp", "amber heard", "scarlett johansson", "jennifer aniston", "jennifer lawrence",
  "margot robbie", "emma watson", "emma stone", "zendaya", "tom holland", "timothee chalamet", "keanu reeves", "will smith", "denzel washington", "morgan freeman", "tom hanks",
  "meryl streep", "robert downey jr", "chris evans", "chris hemsworth", "chris pratt", "ryan reynolds", "ryan gosling", "dwayne johnson", "vin diesel", "jason statham",
  "arnold schwarzenegger|schwarzenegger", "sylvester stallone", "jackie chan", "bruce lee", "keira knightley", "natalie portman", "anne hathaway", "gal gadot", "sydney sweeney",
  "jenna ortega", "millie bobby brown", "florence pugh", "anya taylor joy", "cillian murphy", "pedro pascal", "henry cavill", "jason momoa", "idris elba", "samuel l jackson",
  "nicole kidman", "julia roberts", "sandra bullock", "cate blanchett", "kate winslet", "charlize theron", "halle berry", "salma hayek", "penelope cruz", "sofia vergara",
  "oprah winfrey|oprah", "ellen degeneres", "jimmy fallon", "jimmy kimmel", "stephen colbert", "conan obrien", "david letterman", "tucker carlson", "joe rogan", "piers morgan",
  "kim kardashian|kardashian", "kylie jenner", "kendall jenner", "khloe kardashian", "kris jenner", "paris hilton", "martha stewart", "gordon ramsay", "mr beast|mrbeast", "pewdiepie",
  "logan paul", "jake paul", "kai cenat", "ishowspeed", "andrew tate", "jordan peterson", "shah rukh khan", "salman khan", "aamir khan", "amitabh bachchan", "priyanka chopra",
  "deepika padukone", "alia bhatt", "ranveer singh", "hrithik roshan", "akshay kumar", "aishwarya rai", "rajinikanth", "prabhas", "steven spielberg", "quentin tarantino",
  "christopher nolan", "martin scorsese", "james cameron", "clint eastwood", "al pacino", "robert de niro", "jack nicholson", "marilyn monroe", "audrey hepburn", "charlie chaplin",
  "rowan atkinson", "jim carrey", "adam sandler", "kevin hart", "eddie murphy", "jerry seinfeld", "dave chappelle", "ricky gervais", "bill cosby", "harvey weinstein",
  // Music
  "taylor swift", "beyonce", "rihanna", "lady gaga", "ariana grande", "billie eilish", "selena gomez", "justin bieber", "miley cyrus", "katy perry", "dua lipa",
  "olivia rodrigo", "sabrina carpenter", "doja cat", "nicki minaj", "cardi b", "megan thee stallion", "sza", "adele", "ed sheeran", "harry styles", "shawn mendes", "bruno mars",
  "the weeknd", "drake graham|aubrey graham", "kanye west|kanye|ye west", "jay z|jay-z", "eminem", "snoop dogg", "kendrick lamar", "travis scott", "post malone", "bad bunny",
  "shakira", "jennifer lopez|j lo", "madonna ciccone", "britney spears", "christina aguilera", "mariah carey", "whitney houston", "celine dion", "elton john", "paul mccartney",
  "john lennon", "ringo starr", "mick jagger", "keith richards", "david bowie", "freddie mercury", "michael jackson", "prince rogers nelson", "elvis presley", "bob dylan",
  "bruce springsteen", "bon jovi", "ozzy osbourne", "kurt cobain", "dave grohl", "chris martin", "bono", "sting musician", "lana del rey", "lorde", "sia furler", "pink singer",
  "cher singer", "dolly parton", "shania twain", "garth brooks", "luke combs", "morgan wallen", "blake shelton", "kelly clarkson", "pharrell williams", "diddy|sean combs|p diddy",
  "chris brown", "usher raymond", "lil wayne", "lil nas x", "tupac shakur|tupac", "notorious big|biggie smalls", "50 cent", "ice cube", "dr dre", "jungkook", "jimin", "taehyung|kim taehyung",
  "suga bts", "rm bts", "jisoo", "jennie kim", "rose blackpink|rose park chaeyoung", "lisa manoban|lalisa", "iu singer", "psy gangnam", "bts members", "blackpink members",
  // Sport
  "lionel messi|messi", "cristiano ronaldo|ronaldo", "neymar", "kylian mbappe|mbappe", "erling haaland|haaland", "mohamed salah", "kevin de bruyne", "harry kane", "jude bellingham",
  "vinicius junior", "luka modric", "zlatan ibrahimovic|zlatan", "david beckham|beckham", "wayne rooney", "zinedine zidane|zidane", "pele", "diego maradona|maradona", "ronaldinho",
  "lebron james", "michael jordan", "kobe bryant", "stephen curry|steph curry", "kevin durant", "giannis antetokounmpo", "luka doncic", "nikola jokic", "victor wembanyama|wembanyama",
  "shaquille o neal|shaquille oneal|shaq", "magic johnson", "tom brady", "patrick mahomes|mahomes", "travis kelce", "aaron rodgers", "peyton manning", "colin kaepernick",
  "serena williams", "venus williams", "roger federer|federer", "rafael nadal|nadal", "novak djokovic|djokovic", "carlos alcaraz", "jannik sinner", "naomi osaka", "coco gauff",
  "emma raducanu", "maria sharapova", "andy murray", "tiger woods", "rory mcilroy", "scottie scheffler", "lewis hamilton", "max verstappen|verstappen", "michael schumacher",
  "ayrton senna", "charles leclerc", "lando norris", "fernando alonso", "usain bolt", "michael phelps", "simone biles", "muhammad ali", "mike tyson", "conor mcgregor",
  "floyd mayweather", "canelo alvarez", "tyson fury", "anthony joshua", "ronda rousey", "shohei ohtani|ohtani", "aaron judge", "derek jeter", "babe ruth", "wayne gretzky",
  "virat kohli", "sachin tendulkar", "ms dhoni", "rohit sharma", "babar azam", "eliud kipchoge", "mo farah", "caitlin clark", "megan rapinoe", "alex morgan",
  // Writers, scientists, public figures
  "albert einstein|einstein", "stephen hawking", "isaac newton", "marie curie", "nikola tesla", "charles darwin", "neil degrasse tyson", "carl sagan", "jane goodall", "david attenborough",
  "greta thunberg", "malala yousafzai|malala", "j k rowling|jk rowling", "stephen king", "george r r martin", "william shakespeare", "mark twain", "ernest hemingway",
  "noam chomsky", "anthony fauci", "mother teresa", "julian assange", "edward snowden", "jeffrey epstein", "ghislaine maxwell", "bill nye", "yuval noah harari",
];
