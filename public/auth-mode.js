// /auth before hydration: which form to show (see AUTH_MODE_SCRIPT_PATH in src/domain/routeSearch.ts).
(()=> {try{var q=new URLSearchParams(location.search),m=q.get('mode'),t=q.get('type');document.documentElement.setAttribute('data-auth-mode',m==='signup'||t==='signup'?'signup':m==='reset'||t==='recovery'?'reset':'signin')}catch(e){}})()
