import { driver } from './teamInvite.driver'
import { drivePaths } from './runner'

drivePaths(driver)
