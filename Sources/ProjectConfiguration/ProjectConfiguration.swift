// `.prefs.yml`, read once and handed to every front end as typed sections.
