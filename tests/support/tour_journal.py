"""A journal a touring tester wrote (21 entries, 10/12/2026 to 11/24/2026): work stress with Greg,
a running goal, a sister (Hannah), a house move, money, sleep, a job application at Fernwood. The
moods are those the tour's analysis stored where its report gives them, plausible ones elsewhere. Used
by the tests of what the local AI says about a whole journal (story, Self Analysis, patterns, focus)."""

from __future__ import annotations

# (date, stored mood, text)
JOURNAL = [
    ("10/12/2026", "Tired",
     ("First day back after the long weekend and the inbox was a disaster. Greg moved the Q4 launch up by "
      "two weeks without asking anyone. I stayed until 7:30 fixing the migration scripts. Head is pounding."
      " I need to finish the vendor report by Wednesday. Didn't even eat lunch.")),
    ("10/14/2026", "Happy",
     ("Signed up for the Riverside Half Marathon on March 14th. Slightly terrified. My goal: run three "
      "times a week and get my long run up to 10 miles by Christmas. Did 3 miles after work tonight, slow, "
      "but it felt good to be outside. Sent the vendor report at 4:55, made it.")),
    ("10/17/2026", "Happy",
     ("Brunch with Maya at Lula's. We laughed so much about her disastrous date that the waiter came over "
      "to check on us. She's thinking about moving to Lisbon for a year. I'll miss her if she goes but she "
      "deserves it. Walked home along the canal in the sun. Great day.")),
    ("10/19/2026", "Sad",
     ("Long call with my sister Hannah tonight. Mum's hip surgery is booked for November 12th and Hannah "
      "just assumes I'll take the week off to help. I can't, not with the launch. We ended up snapping at "
      "each other. I hate that we always fall into the same roles - she's the responsible one, I'm the one "
      "who 'lives far away'. I feel guilty and annoyed at the same time.")),
    ("10/21/2026", "Anxious",
     ("The landlord confirmed he's selling, so we have to be out by November 30th. Started looking at "
      "flats. Saw two today: one tiny with no light at all, one lovely but £200 more a month than we pay "
      "now. I need to book the movers by Friday. Tom says we should just take the expensive one.")),
    ("10/23/2026", "Tired",
     ("Couldn't sleep again, up at 3am running through the budget in my head. Maybe 4 hours. Skipped my "
      "run.")),
    ("10/25/2026", "Anxious",
     ("Sat down and did the numbers properly. If we take the flat on Elm Street, rent goes from £1,150 to "
      "£1,350 and the deposit is £1,500, which wipes out most of my savings. Car insurance renewal is due "
      "soon too. I've been spending too much on takeaways - £140 this month alone. Going to cook at home "
      "and cancel the gym membership I never use. Money is tight but it's doable if I'm careful.")),
    ("10/27/2026", "Neutral",
     ("Booked the movers (Swift Removals, for November 28th). One thing off the list. We signed the lease "
      "on Elm Street. Work was fine today, quiet for once.")),
    ("10/30/2026", "Angry",
     ("Terrible day. The launch demo crashed in front of the client and Greg blamed my team in the meeting."
      " I kept calm but I wanted to cry in the toilets afterwards. Is this job worth it? Applying elsewhere"
      " has been in the back of my mind for months.")),
    ("11/01/2026", "Happy",
     ("Ran 6 miles along the river, my longest so far! Maya came along for the last two on her bike and "
      "cheered like an idiot. Coffee afterwards. Told her about Greg and she said I should update my CV. "
      "Maybe she's right.")),
    (
      "11/04/2026",
      "Tired",
      "Exhausted. Third night of bad sleep. Dragging myself through meetings. Ate cereal for dinner.",
    ),
    ("11/05/2026", "Tired",
     ("Still tired. Fell asleep on the sofa at 9. Didn't run. Hannah texted a photo of Mum's pre-op letter "
      "with no message. I know exactly what she's doing.")),
    ("11/07/2026", "Tired",
     ("Finally slept 8 hours! Feel like a person again. Packed three boxes of books. Found old photos of me"
      " and Hannah as kids on the beach in Cornwall and sent her one. She replied with a heart. Maybe we're"
      " okay.")),
    ("11/10/2026", "Anxious",
     ("Updated my CV tonight and applied for a product manager role at Fernwood. Nervous. Greg was actually"
      " nice today, which makes me feel weirdly guilty about applying.")),
    ("11/12/2026", "Tired",
     ("Mum's surgery went well. Hannah called from the hospital and she sounded so tired. I've taken Friday"
      " off and I'm driving up tomorrow morning. Should have done this from the start.")),
    ("11/14/2026", "Anxious",
     ("At Mum's. Hannah and I cooked dinner together and actually talked properly, about Dad, about "
      "everything. She admitted she's been overwhelmed for months. I promised to come up every other "
      "weekend until Mum is walking again. Best conversation we've had in years.")),
    ("11/17/2026", "Angry",
     ("Car insurance went up to £780. Ugh. Paid it, but that's my savings buffer basically gone until "
      "payday. Trying not to panic. Moving costs are still to come.")),
    ("11/19/2026", "Happy",
     ("Ran 8 miles this morning before work! Legs like jelly but so proud of myself. And Fernwood invited "
      "me to a first interview next Wednesday.")),
    ("11/21/2026", "Happy",
     ("Lovely lazy Saturday. Tom made pancakes, we walked to the market and bought a plant for the new "
      "flat. No work email all day. I felt genuinely happy and calm for the first time in weeks.")),
    ("11/23/2026", "Neutral",
     ("Busy week ahead. I need to pay rent by Friday (last month at the old place) and email Dr. Patel on "
      "Monday about my blood test results. Also have to confirm the movers for Saturday and prep for the "
      "Fernwood interview on Wednesday. Slept badly again, worried about everything at once.")),
    ("11/24/2026", "Happy",
     ("Prepped interview answers for two hours. Maya called to wish me luck. Confirmed the movers. Feeling "
      "more ready than I expected.")),
]


def entry_id(day: str) -> str:
    """A stable id for the entry of `day` ("10/12/2026" -> "e1012")."""
    return "e" + day[:2] + day[3:5]
