import { driver } from './reduceMotion.driver'
import { drivePaths } from './runner'

drivePaths(driver)
